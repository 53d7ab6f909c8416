package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * Declares the {@code sd:session} SOAP header in a virtual port's WSDL, for a port whose policy
 * refuses anonymous calls: the element (in {@value #SESSION_NS}), a message with it as part
 * {@value #PART}, and a {@code soap:header} in the input of every operation of the binding, so that
 * clients generated from the WSDL (wsimport, zeep) offer the header instead of leaving it to be
 * built by hand.
 */
public final class SessionHeaderWsdl {

    /** The namespace of the session header, the home port's. */
    public static final String SESSION_NS = "urn:sd:home:1";
    /** The header element's local name. */
    public static final String ELEMENT = "session";
    /** The part of the header message that holds the element. */
    public static final String PART = "session";

    private static final String XS = XMLConstants.W3C_XML_SCHEMA_NS_URI;
    private static final String XMLNS = XMLConstants.XMLNS_ATTRIBUTE_NS_URI;

    private SessionHeaderWsdl() {
    }

    /** {@code wsdl} with the session header declared on every operation of its binding. */
    public static String add(String wsdl) {
        Document document = parse(wsdl);
        Element definitions = document.getDocumentElement();
        definitions.setAttributeNS(XMLNS, "xmlns:sdsession", SESSION_NS);
        definitions.setAttributeNS(XMLNS, "xmlns:sdtns", definitions.getAttribute("targetNamespace"));
        declareElement(definitions);
        String message = declareMessage(definitions);
        for (Element binding : children(definitions, WSDL_NS, "binding")) {
            String soapNs = soapNamespace(binding);
            if (soapNs == null) {
                continue;
            }
            for (Element operation : children(binding, WSDL_NS, "operation")) {
                for (Element input : children(operation, WSDL_NS, "input")) {
                    Element header = document.createElementNS(soapNs, "sdsoaph:header");
                    header.setAttributeNS(XMLNS, "xmlns:sdsoaph", soapNs);
                    header.setAttribute("message", "sdtns:" + message);
                    header.setAttribute("part", PART);
                    header.setAttribute("use", "literal");
                    input.appendChild(header);
                }
            }
        }
        return SecureXml.write(document);
    }

    /** An {@code xs:schema} of the session namespace with the one element, in {@code wsdl:types} (made if missing). */
    private static void declareElement(Element definitions) {
        Document document = definitions.getOwnerDocument();
        List<Element> types = children(definitions, WSDL_NS, "types");
        Element typesElement = types.isEmpty() ? null : types.get(0);
        if (typesElement == null) {
            typesElement = document.createElementNS(WSDL_NS, "wsdl:types");
            definitions.insertBefore(typesElement, firstOf(definitions, "message", "portType"));
        }
        Element schema = document.createElementNS(XS, "xs:schema");
        schema.setAttributeNS(XMLNS, "xmlns:xs", XS);
        schema.setAttribute("targetNamespace", SESSION_NS);
        schema.setAttribute("elementFormDefault", "qualified");
        Element element = document.createElementNS(XS, "xs:element");
        element.setAttribute("name", ELEMENT);
        element.setAttribute("type", "xs:string");
        schema.appendChild(element);
        typesElement.appendChild(schema);
    }

    /** A message with the session element as its one part, under a name no message of the WSDL has. */
    private static String declareMessage(Element definitions) {
        Set<String> taken = new HashSet<>();
        children(definitions, WSDL_NS, "message").forEach(m -> taken.add(m.getAttribute("name")));
        String name = "SdSessionHeader";
        for (int i = 2; taken.contains(name); i++) {
            name = "SdSessionHeader" + i;
        }
        Document document = definitions.getOwnerDocument();
        Element message = document.createElementNS(WSDL_NS, "wsdl:message");
        message.setAttribute("name", name);
        Element part = document.createElementNS(WSDL_NS, "wsdl:part");
        part.setAttribute("name", PART);
        part.setAttribute("element", "sdsession:" + ELEMENT);
        message.appendChild(part);
        definitions.insertBefore(message, firstOf(definitions, "portType", "binding"));
        return name;
    }

    private static org.w3c.dom.Node firstOf(Element definitions, String... localNames) {
        for (String localName : localNames) {
            List<Element> found = children(definitions, WSDL_NS, localName);
            if (!found.isEmpty()) {
                return found.get(0);
            }
        }
        return null;
    }

    /** The namespace of the binding's {@code soap:binding} (SOAP 1.1 or 1.2), or null for a binding of neither. */
    private static String soapNamespace(Element binding) {
        for (org.w3c.dom.Node n = binding.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && "binding".equals(e.getLocalName()) && e.getNamespaceURI() != null
                    && !WSDL_NS.equals(e.getNamespaceURI())) {
                return e.getNamespaceURI();
            }
        }
        return null;
    }

    private static Document parse(String wsdl) {
        try {
            return SecureXml.documentBuilder().parse(new ByteArrayInputStream(wsdl.getBytes(StandardCharsets.UTF_8)));
        } catch (SAXException | IOException e) {
            throw new IllegalStateException("the node's own virtual WSDL does not parse", e);
        }
    }
}
