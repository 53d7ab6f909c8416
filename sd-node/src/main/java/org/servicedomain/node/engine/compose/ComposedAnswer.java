package org.servicedomain.node.engine.compose;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * The XML of a scatter-gather call: reads each instance's answer down to its top body element, and
 * writes the composed envelope with a {@code composed} header ({@value #NAMESPACE}) saying how many
 * instances answered of how many were asked, and why each of the others did not.
 */
public final class ComposedAnswer {

    /** The node's own namespace, the one of the session header and of fault codes. */
    public static final String NAMESPACE = "urn:sd:home:1";

    /** An instance that was asked and gave no answer to compose, and why. */
    public record Failure(String instanceId, String reason) {
    }

    private ComposedAnswer() {
    }

    /**
     * The top element of the SOAP body of {@code envelope}, in a document of its own.
     *
     * @throws IllegalArgumentException when it is not a SOAP envelope with a body element, or holds a SOAP fault
     */
    public static Element bodyElementOf(byte[] envelope) {
        Document document;
        try {
            document = SecureXml.documentBuilder().parse(new ByteArrayInputStream(envelope));
        } catch (SAXException | IOException e) {
            throw new IllegalArgumentException("unreadable answer: " + e.getMessage(), e);
        }
        Element root = document.getDocumentElement();
        Element body = child(root, "Body", root.getNamespaceURI());
        Element top = body == null ? null : firstElement(body);
        if (!"Envelope".equals(root.getLocalName()) || top == null) {
            throw new IllegalArgumentException("the answer is not a SOAP envelope with a body element");
        }
        if ("Fault".equals(top.getLocalName()) && root.getNamespaceURI().equals(top.getNamespaceURI())) {
            throw new IllegalArgumentException("answered with a SOAP fault");
        }
        return top;
    }

    /**
     * The envelope of {@code firstAnswer} (an element {@link #bodyElementOf} returned) with its body
     * element replaced by {@code composed} and the {@code composed} header added, as UTF-8 bytes.
     */
    public static byte[] envelope(Element firstAnswer, Element composed, int asked, List<Failure> failures) {
        Element body = (Element) firstAnswer.getParentNode();
        Document document = body.getOwnerDocument();
        Element root = document.getDocumentElement();
        body.replaceChild(document.importNode(composed, true), firstAnswer);
        Element header = child(root, "Header", root.getNamespaceURI());
        if (header == null) {
            header = document.createElementNS(root.getNamespaceURI(), qualified(root.getPrefix(), "Header"));
            root.insertBefore(header, body);
        }
        Element tally = document.createElementNS(NAMESPACE, "sd:composed");
        tally.setAttribute("asked", String.valueOf(asked));
        tally.setAttribute("answered", String.valueOf(asked - failures.size()));
        for (Failure failure : failures) {
            Element failed = document.createElementNS(NAMESPACE, "sd:failed");
            failed.setAttribute("instance", failure.instanceId());
            failed.setTextContent(failure.reason());
            tally.appendChild(failed);
        }
        header.appendChild(tally);
        return SecureXml.write(document).getBytes(StandardCharsets.UTF_8);
    }

    private static String qualified(String prefix, String localName) {
        return prefix == null || prefix.isEmpty() ? localName : prefix + ":" + localName;
    }

    private static Element child(Element parent, String localName, String namespace) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element && localName.equals(element.getLocalName())
                    && namespace != null && namespace.equals(element.getNamespaceURI())) {
                return element;
            }
        }
        return null;
    }

    private static Element firstElement(Element parent) {
        for (Node node = parent.getFirstChild(); node != null; node = node.getNextSibling()) {
            if (node instanceof Element element) {
                return element;
            }
        }
        return null;
    }
}
