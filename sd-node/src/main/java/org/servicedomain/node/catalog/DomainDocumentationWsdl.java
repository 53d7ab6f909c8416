package org.servicedomain.node.catalog;

import static org.servicedomain.node.catalog.ServiceDescriptionParser.WSDL_NS;
import static org.servicedomain.node.catalog.ServiceDescriptionParser.children;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

/**
 * Puts the domain information into a virtual port's WSDL, and the home port's: a {@code
 * wsdl:documentation} as the first child of each {@code wsdl:service}, the element the node writes
 * itself, so the provider's own documentation stays as it was. The text is written by the DOM, so
 * markup in it arrives as text; wsimport and other generators carry it into the generated service
 * class's comment.
 */
public final class DomainDocumentationWsdl {

    private DomainDocumentationWsdl() {
    }

    /** {@code wsdl} with {@code documentation} on its services; unchanged when {@code documentation} is empty. */
    public static String add(String wsdl, String documentation) {
        if (documentation == null || documentation.isEmpty()) {
            return wsdl;
        }
        Document document = parse(wsdl);
        add(document, documentation);
        return SecureXml.write(document);
    }

    /** Adds {@code documentation} to the services of the WSDL {@code document}; nothing when it is empty. */
    public static void add(Document document, String documentation) {
        if (documentation == null || documentation.isEmpty()) {
            return;
        }
        List<Element> services = children(document.getDocumentElement(), WSDL_NS, "service");
        for (Element service : services) {
            String prefix = service.getPrefix();
            Element element = document.createElementNS(WSDL_NS, prefix == null ? "documentation" : prefix + ":documentation");
            element.setTextContent(documentation);
            service.insertBefore(element, service.getFirstChild());
        }
    }

    private static Document parse(String wsdl) {
        try {
            return SecureXml.documentBuilder().parse(new ByteArrayInputStream(wsdl.getBytes(StandardCharsets.UTF_8)));
        } catch (SAXException | IOException e) {
            throw new IllegalStateException("the node's own virtual WSDL does not parse", e);
        }
    }
}
