package org.servicedomain.node.entry.port;

import java.io.IOException;
import java.io.StringReader;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.XMLConstants;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Attr;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.Node;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

/**
 * The domain WSDL as one self-contained document ({@code ?wsdl&flat}), for clients that do not follow
 * {@code wsdl:import}: the schemas, messages, port types, bindings and services of every virtual
 * port's published WSDL, inline under the domain namespace. A name two ports both use is prefixed
 * with the virtual port's name; references are rewritten to match, and every namespace prefix a
 * copied element relies on is declared on it.
 */
final class FlatDomainWsdl {

    static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";
    private static final String XS = XMLConstants.W3C_XML_SCHEMA_NS_URI;
    private static final String PREFIX = "sdd";
    private static final List<String> KINDS = List.of("message", "portType", "binding", "service");
    private static final Set<String> SOAP_BINDING_NS = Set.of("http://schemas.xmlsoap.org/wsdl/soap/",
            "http://schemas.xmlsoap.org/wsdl/soap12/");

    private final Document flat;
    private final Element definitions;
    private final Element types;
    private final Set<String> schemasSeen = new HashSet<>();
    private final Map<String, Set<String>> namesTaken = new HashMap<>();

    /** Starts an empty domain document named {@code nodeName} in {@code namespace}, documented by {@code documentation} unless empty. */
    FlatDomainWsdl(String nodeName, String namespace, String documentation) {
        flat = SecureXml.documentBuilder().newDocument();
        definitions = flat.createElementNS(WSDL_NS, "wsdl:definitions");
        definitions.setAttribute("name", nodeName);
        definitions.setAttribute("targetNamespace", namespace);
        definitions.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, "xmlns:" + PREFIX, namespace);
        flat.appendChild(definitions);
        if (!documentation.isEmpty()) {
            Element described = flat.createElementNS(WSDL_NS, "wsdl:documentation");
            described.setTextContent(documentation);
            definitions.appendChild(described);
        }
        types = flat.createElementNS(WSDL_NS, "wsdl:types");
        definitions.appendChild(types);
    }

    /** Adds the published WSDL of virtual port {@code portName}. */
    FlatDomainWsdl add(String portName, String wsdl) {
        Element source = parse(wsdl).getDocumentElement();
        String sourceNamespace = source.getAttribute("targetNamespace");
        Map<String, Map<String, String>> renames = new HashMap<>();
        for (String kind : KINDS) {
            Map<String, String> names = new HashMap<>();
            Set<String> taken = namesTaken.computeIfAbsent(kind, k -> new HashSet<>());
            for (Element e : children(source, WSDL_NS, kind)) {
                String name = e.getAttribute("name");
                String chosen = taken.contains(name) ? portName + "_" + name : name;
                taken.add(chosen);
                names.put(name, chosen);
            }
            renames.put(kind, names);
        }
        for (Element typesElement : children(source, WSDL_NS, "types")) {
            for (Element schema : children(typesElement, XS, "schema")) {
                if (schemasSeen.add(SecureXml.write(schema))) {
                    types.appendChild(copy(schema));
                }
            }
        }
        for (String kind : KINDS) {
            for (Element e : children(source, WSDL_NS, kind)) {
                Element copied = copy(e);
                copied.setAttribute("name", renames.get(kind).get(e.getAttribute("name")));
                rewriteReferences(copied, sourceNamespace, renames);
                definitions.appendChild(copied);
            }
        }
        return this;
    }

    String text() {
        return SecureXml.write(flat);
    }

    /** A deep copy of {@code e} into the flat document, declaring on it every prefix in scope at its source. */
    private Element copy(Element e) {
        Element copied = (Element) flat.importNode(e, true);
        Map<String, String> inScope = new LinkedHashMap<>();
        for (Node n = e.getParentNode(); n instanceof Element ancestor; n = n.getParentNode()) {
            NamedNodeMap attributes = ancestor.getAttributes();
            for (int i = 0; i < attributes.getLength(); i++) {
                Attr a = (Attr) attributes.item(i);
                if (XMLConstants.XMLNS_ATTRIBUTE_NS_URI.equals(a.getNamespaceURI())) {
                    inScope.putIfAbsent(a.getName(), a.getValue());
                }
            }
        }
        inScope.forEach((name, value) -> {
            if (!copied.hasAttribute(name)) {
                copied.setAttributeNS(XMLConstants.XMLNS_ATTRIBUTE_NS_URI, name, value);
            }
        });
        return copied;
    }

    /**
     * Points the references between WSDL components ({@code message}, binding {@code type}, port
     * {@code binding}, SOAP header {@code message}) at their copies in the domain namespace.
     */
    private void rewriteReferences(Element e, String sourceNamespace, Map<String, Map<String, String>> renames) {
        String ns = e.getNamespaceURI();
        if (WSDL_NS.equals(ns) || SOAP_BINDING_NS.contains(ns)) {
            String local = e.getLocalName();
            rewrite(e, "message", "message", sourceNamespace, renames);
            if ("binding".equals(local) && WSDL_NS.equals(ns)) {
                rewrite(e, "type", "portType", sourceNamespace, renames);
            }
            if ("port".equals(local) && WSDL_NS.equals(ns)) {
                rewrite(e, "binding", "binding", sourceNamespace, renames);
            }
        }
        for (Element child : children(e, null, null)) {
            rewriteReferences(child, sourceNamespace, renames);
        }
    }

    private void rewrite(Element e, String attribute, String kind, String sourceNamespace,
            Map<String, Map<String, String>> renames) {
        if (!e.hasAttribute(attribute)) {
            return;
        }
        String value = e.getAttribute(attribute).trim();
        int colon = value.indexOf(':');
        String prefix = colon < 0 ? null : value.substring(0, colon);
        String local = value.substring(colon + 1);
        String namespace = e.lookupNamespaceURI(prefix);
        if (namespace == null ? sourceNamespace.isEmpty() : namespace.equals(sourceNamespace)) {
            e.setAttribute(attribute, PREFIX + ":" + renames.get(kind).getOrDefault(local, local));
        }
    }

    private static List<Element> children(Element parent, String namespace, String localName) {
        java.util.ArrayList<Element> found = new java.util.ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element child && (localName == null
                    || (localName.equals(child.getLocalName()) && namespace.equals(child.getNamespaceURI())))) {
                found.add(child);
            }
        }
        return found;
    }

    private static Document parse(String wsdl) {
        try {
            return SecureXml.documentBuilder().parse(new InputSource(new StringReader(wsdl)));
        } catch (SAXException | IOException e) {
            throw new IllegalStateException("a virtual port's published WSDL did not parse", e);
        }
    }
}
