package org.servicedomain.node.catalog;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads a WSDL 1.1 document into a {@link ServiceDescription}: port types, their SOAP 1.1 and
 * SOAP 1.2 bindings, the request element of each operation and the service addresses.
 * Refuses DOCTYPEs; anything it cannot understand is a {@code WsdlUnreadable} fault.
 */
public final class ServiceDescriptionParser {

    static final String WSDL_NS = "http://schemas.xmlsoap.org/wsdl/";

    public ServiceDescription parse(byte[] wsdl, String location) {
        Document document;
        try {
            document = SecureXml.documentBuilder().parse(new ByteArrayInputStream(wsdl), location);
        } catch (SAXException | IOException e) {
            throw unreadable(location, notXml(wsdl, e), e);
        }
        Element definitions = document.getDocumentElement();
        if (!WSDL_NS.equals(definitions.getNamespaceURI()) || !"definitions".equals(definitions.getLocalName())) {
            throw unreadable(location, "it is XML but not a WSDL 1.1 document: its root element is "
                    + new QName(definitions.getNamespaceURI(), definitions.getLocalName()) + ", not wsdl:definitions", null);
        }
        String tns = definitions.getAttribute("targetNamespace");
        Map<QName, List<QName>> messageElements = messageElements(definitions, tns);
        Map<QName, Map<String, QName>> inputMessages = portTypeInputs(definitions, tns);
        List<PortTypeBinding> bindings = new ArrayList<>();
        for (Element binding : children(definitions, WSDL_NS, "binding")) {
            SoapBindingReader reader = new SoapBindingReader(binding, tns, location);
            if (reader.soapVersion() == null) {
                continue;
            }
            QName portType = reader.portType();
            Map<String, QName> inputs = inputMessages.get(portType);
            if (inputs == null) {
                throw unreadable(location, "binding " + reader.name() + " names port type " + portType
                        + " which the document does not define", null);
            }
            ServicePort servicePort = servicePort(definitions, tns, reader.name(), reader.soapVersion());
            bindings.add(new PortTypeBinding(portType, reader.name(), reader.soapVersion(),
                    servicePort == null ? null : servicePort.address,
                    servicePort == null ? null : servicePort.service,
                    servicePort == null ? null : servicePort.port,
                    reader.operationsByElement(inputs, messageElements), reader.soapActions()));
        }
        if (bindings.isEmpty()) {
            throw unreadable(location, "it has no SOAP 1.1 or SOAP 1.2 binding", null);
        }
        return new ServiceDescription(document, bindings);
    }

    /** Why the bytes are not XML the node reads, with the position; the parser's own words stay in the log. */
    private static String notXml(byte[] bytes, Exception e) {
        String where = e instanceof SAXParseException p && p.getLineNumber() > 0
                ? " (line " + p.getLineNumber() + ", column " + p.getColumnNumber() + ")" : "";
        String message = String.valueOf(e.getMessage());
        String head = new String(bytes, 0, Math.min(bytes.length, 512), java.nio.charset.StandardCharsets.ISO_8859_1)
                .toLowerCase(Locale.ROOT);
        if (head.contains("<html") || head.contains("<!doctype html")) {
            return "it is an HTML page, not a WSDL; is it the provider's home page rather than its ?wsdl?";
        }
        if (message.contains("DOCTYPE")) {
            return "it declares a DOCTYPE, which the node refuses" + where;
        }
        return "it is not well-formed XML" + where + "; is it an HTML page or an error text rather than the WSDL?";
    }

    static NodeFault unreadable(String location, String why, Throwable cause) {
        return new NodeFault(FaultCode.WsdlUnreadable, "WSDL at " + WsdlLocations.withoutCredentials(location)
                + " is unusable: " + why, cause);
    }

    /** Message name to the element QNames of its parts (null entries for type-based parts). */
    private static Map<QName, List<QName>> messageElements(Element definitions, String tns) {
        Map<QName, List<QName>> messages = new HashMap<>();
        for (Element message : children(definitions, WSDL_NS, "message")) {
            List<QName> elements = new ArrayList<>();
            for (Element part : children(message, WSDL_NS, "part")) {
                elements.add(part.hasAttribute("element") ? resolve(part, part.getAttribute("element")) : null);
            }
            messages.put(new QName(tns, message.getAttribute("name")), elements);
        }
        return messages;
    }

    /** Port type name to (operation name to input message name). */
    private static Map<QName, Map<String, QName>> portTypeInputs(Element definitions, String tns) {
        Map<QName, Map<String, QName>> portTypes = new HashMap<>();
        for (Element portType : children(definitions, WSDL_NS, "portType")) {
            Map<String, QName> inputs = new LinkedHashMap<>();
            for (Element operation : children(portType, WSDL_NS, "operation")) {
                for (Element input : children(operation, WSDL_NS, "input")) {
                    inputs.put(operation.getAttribute("name"), resolve(input, input.getAttribute("message")));
                }
            }
            portTypes.put(new QName(tns, portType.getAttribute("name")), inputs);
        }
        return portTypes;
    }

    private record ServicePort(QName service, String port, String address) {
    }

    private static ServicePort servicePort(Element definitions, String tns, QName binding, SoapVersion version) {
        for (Element service : children(definitions, WSDL_NS, "service")) {
            for (Element port : children(service, WSDL_NS, "port")) {
                if (!binding.equals(resolve(port, port.getAttribute("binding")))) {
                    continue;
                }
                for (Element address : children(port, version.wsdlBindingNamespace(), "address")) {
                    return new ServicePort(new QName(tns, service.getAttribute("name")),
                            port.getAttribute("name"), address.getAttribute("location"));
                }
            }
        }
        return null;
    }

    static List<Element> children(Element parent, String namespace, String localName) {
        List<Element> found = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && namespace.equals(e.getNamespaceURI()) && localName.equals(e.getLocalName())) {
                found.add(e);
            }
        }
        return found;
    }

    /** Resolves a {@code prefix:local} attribute value against the namespaces in scope at {@code context}. */
    static QName resolve(Element context, String prefixed) {
        String value = prefixed.trim();
        int colon = value.indexOf(':');
        String prefix = colon < 0 ? null : value.substring(0, colon);
        String local = colon < 0 ? value : value.substring(colon + 1);
        String namespace = context.lookupNamespaceURI(prefix);
        return new QName(namespace == null ? "" : namespace, local);
    }
}
