package org.servicedomain.testsupport;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;

/** An HTTP answer to a SOAP request, with what tests ask of it: the node's fault code, an element's text. */
public record SoapReply(int status, String contentType, byte[] body) {

    public static final String SD_NS = "urn:sd:home:1";

    public String text() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** The {@code sd:fault/sd:code} in the detail, if this is one of the node's faults. */
    public Optional<String> faultCode() {
        return firstText(SD_NS, "code");
    }

    /** Whether the body is a SOAP 1.1 or 1.2 Fault. */
    public boolean isSoapFault() {
        return parse().getElementsByTagNameNS(SoapExchange.SOAP11, "Fault").getLength()
                + parse().getElementsByTagNameNS(SoapExchange.SOAP12, "Fault").getLength() > 0;
    }

    /** The text of the first element with this name anywhere in the body. */
    public Optional<String> firstText(String namespace, String localName) {
        NodeList found = parse().getElementsByTagNameNS(namespace, localName);
        return found.getLength() == 0 ? Optional.empty() : Optional.of(found.item(0).getTextContent());
    }

    public Document parse() {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder().parse(new ByteArrayInputStream(body));
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new AssertionError("the reply is not XML (HTTP " + status + "): " + text(), e);
        }
    }
}
