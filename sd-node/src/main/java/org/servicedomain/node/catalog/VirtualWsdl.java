package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * The WSDL a virtual port publishes: the provider's document with its port types, messages and
 * types unchanged, only the chosen binding kept, and one service whose single port points at the
 * node. Built once per virtual port; the node's address is filled in when the WSDL is served.
 */
public final class VirtualWsdl {

    /** Stands for the virtual port's address in the stored WSDL text until it is served. */
    public static final String ADDRESS_PLACEHOLDER = VirtualPort.ADDRESS_PLACEHOLDER;

    private VirtualWsdl() {
    }

    /** The virtual WSDL text of {@code binding} from {@code description}, with the address placeholder. */
    public static String template(ServiceDescription description, PortTypeBinding binding, String virtualPortName) {
        Document document = (Document) description.document().cloneNode(true);
        Element definitions = document.getDocumentElement();
        for (Element service : children(definitions, WSDL_NS, "service")) {
            definitions.removeChild(service);
        }
        for (Element other : children(definitions, WSDL_NS, "binding")) {
            if (!binding.binding().getLocalPart().equals(other.getAttribute("name"))) {
                definitions.removeChild(other);
            }
        }
        definitions.appendChild(service(document, binding, virtualPortName));
        return SecureXml.write(document);
    }

    private static Element service(Document document, PortTypeBinding binding, String virtualPortName) {
        String prefix = "sdvp";
        Element definitions = document.getDocumentElement();
        definitions.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:" + prefix, binding.binding().getNamespaceURI());
        definitions.setAttributeNS("http://www.w3.org/2000/xmlns/", "xmlns:sdsoap",
                binding.soapVersion().wsdlBindingNamespace());
        Element service = document.createElementNS(WSDL_NS, "wsdl:service");
        service.setAttribute("name", binding.serviceName() != null
                ? binding.serviceName().getLocalPart() : virtualPortName + "Service");
        Element port = document.createElementNS(WSDL_NS, "wsdl:port");
        port.setAttribute("name", binding.portName() != null ? binding.portName() : virtualPortName + "Port");
        port.setAttribute("binding", prefix + ":" + binding.binding().getLocalPart());
        Element address = document.createElementNS(binding.soapVersion().wsdlBindingNamespace(), "sdsoap:address");
        address.setAttribute("location", ADDRESS_PLACEHOLDER);
        port.appendChild(address);
        service.appendChild(port);
        return service;
    }

    /** A virtual WSDL the node built itself, parsed again to add to it. */
    static Document parse(String wsdl) {
        try {
            return SecureXml.documentBuilder().parse(new ByteArrayInputStream(wsdl.getBytes(StandardCharsets.UTF_8)));
        } catch (SAXException | IOException e) {
            throw new IllegalStateException("the node's own virtual WSDL does not parse", e);
        }
    }
}
