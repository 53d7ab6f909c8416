package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.resolve;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * The child elements, in schema order, of each document-style request element, read from the
 * WSDL's inline schemas: what an operation mapping needs to put a fixed argument in its place.
 * Best effort: a request whose shape is not a plain sequence is left out.
 */
final class RequestShapes {

    private static final String XS = XMLConstants.W3C_XML_SCHEMA_NS_URI;

    private RequestShapes() {
    }

    static Map<String, List<QName>> of(Document wsdl, Map<QName, String> operationsByElement) {
        List<Element> schemas = schemas(wsdl);
        Map<String, List<QName>> shapes = new LinkedHashMap<>();
        operationsByElement.forEach((element, operation) -> {
            List<QName> sequence = sequenceOf(schemas, element);
            if (sequence != null) {
                shapes.put(operation, sequence);
            }
        });
        return shapes;
    }

    /** The schemas inside the WSDL's types. */
    static List<Element> schemas(Document wsdl) {
        List<Element> schemas = new ArrayList<>();
        for (Element types : children(wsdl.getDocumentElement(), WSDL_NS, "types")) {
            schemas.addAll(children(types, XS, "schema"));
        }
        return schemas;
    }

    /** The xs:sequence of a global element's complex type, or null when it has no plain sequence. */
    static Element sequenceElement(List<Element> schemas, QName elementName) {
        Element element = global(schemas, elementName, "element");
        if (element == null) {
            return null;
        }
        List<Element> inline = children(element, XS, "complexType");
        Element type = !inline.isEmpty() ? inline.get(0)
                : element.hasAttribute("type") ? global(schemas, resolve(element, element.getAttribute("type")), "complexType")
                : null;
        return type == null || children(type, XS, "sequence").isEmpty() ? null : children(type, XS, "sequence").get(0);
    }

    private static List<QName> sequenceOf(List<Element> schemas, QName elementName) {
        Element sequence = sequenceElement(schemas, elementName);
        if (sequence == null) {
            return null;
        }
        Element schema = schemaOf(sequence);
        boolean qualified = "qualified".equals(schema.getAttribute("elementFormDefault"));
        String tns = schema.getAttribute("targetNamespace");
        List<QName> names = new ArrayList<>();
        for (Element child : children(sequence, XS, "element")) {
            if (child.hasAttribute("ref")) {
                names.add(resolve(child, child.getAttribute("ref")));
            } else {
                boolean childQualified = child.hasAttribute("form") ? "qualified".equals(child.getAttribute("form")) : qualified;
                names.add(new QName(childQualified ? tns : "", child.getAttribute("name")));
            }
        }
        return names;
    }

    private static Element global(List<Element> schemas, QName name, String kind) {
        for (Element schema : schemas) {
            if (name.getNamespaceURI().equals(schema.getAttribute("targetNamespace"))) {
                for (Element candidate : children(schema, XS, kind)) {
                    if (name.getLocalPart().equals(candidate.getAttribute("name"))) {
                        return candidate;
                    }
                }
            }
        }
        return null;
    }

    static Element schemaOf(Element inside) {
        org.w3c.dom.Node n = inside;
        while (n != null && !(n instanceof Element e && XS.equals(e.getNamespaceURI()) && "schema".equals(e.getLocalName()))) {
            n = n.getParentNode();
        }
        return (Element) n;
    }
}
