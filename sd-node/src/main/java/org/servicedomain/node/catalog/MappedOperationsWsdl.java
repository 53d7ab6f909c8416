package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;

import java.util.Collection;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;

/**
 * Adds mapped operations to a virtual port's WSDL: for each, a request element (the mapped-to
 * request without the fixed arguments), a message, a port-type operation answering like the
 * mapped-to one, and a binding operation. A client generated from it can call them.
 */
public final class MappedOperationsWsdl {

    private static final String XS = XMLConstants.W3C_XML_SCHEMA_NS_URI;
    private static final String PREFIX = "sdmap";

    private MappedOperationsWsdl() {
    }

    public static String add(String wsdl, VirtualPort port, Collection<MappedOperation> mappings) {
        if (mappings.isEmpty()) {
            return wsdl;
        }
        Document document = VirtualWsdl.parse(wsdl);
        Element definitions = document.getDocumentElement();
        String tns = definitions.getAttribute("targetNamespace");
        definitions.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:" + PREFIX, tns);
        List<Element> schemas = RequestShapes.schemas(document);
        for (MappedOperation mapping : mappings) {
            QName target = port.elementOf(mapping.operation()).orElse(null);
            Element sequence = target == null ? null : RequestShapes.sequenceElement(schemas, target);
            if (sequence == null
                    || !target.getNamespaceURI().equals(RequestShapes.schemaOf(sequence).getAttribute("targetNamespace"))) {
                continue;
            }
            addRequestElement(sequence, target, mapping);
            addMessage(definitions, target, mapping);
            copyOperation(definitions, "portType", mapping, false);
            copyOperation(definitions, "binding", mapping, true);
        }
        return SecureXml.write(document);
    }

    private static void addRequestElement(Element sequence, QName target, MappedOperation mapping) {
        Document doc = sequence.getOwnerDocument();
        Element schema = RequestShapes.schemaOf(sequence);
        Element element = doc.createElementNS(XS, "xs:element");
        element.setAttribute("name", mapping.name());
        Element type = doc.createElementNS(XS, "xs:complexType");
        Element newSequence = doc.createElementNS(XS, "xs:sequence");
        for (Element child : children(sequence, XS, "element")) {
            String name = child.hasAttribute("name") ? child.getAttribute("name")
                    : child.getAttribute("ref").substring(child.getAttribute("ref").indexOf(':') + 1);
            if (!mapping.fixedArguments().contains(name)) {
                newSequence.appendChild(child.cloneNode(true));
            }
        }
        type.appendChild(newSequence);
        element.appendChild(type);
        schema.appendChild(element);
    }

    private static void addMessage(Element definitions, QName target, MappedOperation mapping) {
        Document doc = definitions.getOwnerDocument();
        definitions.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:sdmapel", target.getNamespaceURI());
        Element message = doc.createElementNS(WSDL_NS, "wsdl:message");
        message.setAttribute("name", messageName(mapping));
        Element part = doc.createElementNS(WSDL_NS, "wsdl:part");
        part.setAttribute("name", "parameters");
        part.setAttribute("element", "sdmapel:" + mapping.name());
        message.appendChild(part);
        Element firstPortType = children(definitions, WSDL_NS, "portType").get(0);
        definitions.insertBefore(message, firstPortType);
    }

    private static void copyOperation(Element definitions, String parentKind, MappedOperation mapping, boolean binding) {
        for (Element parent : children(definitions, WSDL_NS, parentKind)) {
            for (Element operation : children(parent, WSDL_NS, "operation")) {
                if (!mapping.operation().equals(operation.getAttribute("name"))) {
                    continue;
                }
                Element copy = (Element) operation.cloneNode(true);
                copy.setAttribute("name", mapping.name());
                if (!binding) {
                    for (Element input : children(copy, WSDL_NS, "input")) {
                        input.setAttribute("message", PREFIX + ":" + messageName(mapping));
                        input.removeAttribute("name");
                    }
                } else {
                    for (Element input : children(copy, WSDL_NS, "input")) {
                        input.removeAttribute("name");
                    }
                    clearSoapAction(copy);
                }
                parent.appendChild(copy);
            }
        }
    }

    private static void clearSoapAction(Element bindingOperation) {
        for (org.w3c.dom.Node n = bindingOperation.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "operation".equals(e.getLocalName()) && e.hasAttribute("soapAction")) {
                e.setAttribute("soapAction", "");
            }
        }
    }

    private static String messageName(MappedOperation mapping) {
        return mapping.name() + "MappedRequest";
    }
}
