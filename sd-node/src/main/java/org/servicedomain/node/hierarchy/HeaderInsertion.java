package org.servicedomain.node.hierarchy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.XMLStreamReader2;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.xml.SecureXml;
import org.servicedomain.node.xml.Utf8Offsets;

/**
 * Adds one header element to a UTF-8 SOAP envelope without re-serialising it: inside the existing
 * soap:Header, or in a new soap:Header just before soap:Body. The rest of the bytes stay as they were.
 */
public final class HeaderInsertion {

    private HeaderInsertion() {
    }

    /** The envelope with {@code element} as its first header; unchanged when it is not UTF-8. */
    public static byte[] insert(byte[] envelope, String element) {
        try {
            XMLStreamReader reader = SecureXml.inputFactory().createXMLStreamReader(new ByteArrayInputStream(envelope));
            try {
                return insert(reader, envelope, element);
            } finally {
                reader.close();
            }
        } catch (XMLStreamException e) {
            throw new NodeFault(FaultCode.BadRequest, "the request could not be read to add the context header: "
                    + e.getMessage());
        }
    }

    private static byte[] insert(XMLStreamReader reader, byte[] envelope, String element) throws XMLStreamException {
        if (!(reader instanceof XMLStreamReader2 located)) {
            return envelope;
        }
        int depth = 0;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (event == XMLStreamConstants.START_ELEMENT && ++depth == 2) {
                if (reader.getEncoding() != null && !"UTF-8".equalsIgnoreCase(reader.getEncoding())) {
                    return envelope;
                }
                int at = Utf8Offsets.byteIndex(envelope, located.getLocationInfo().getStartingCharOffset());
                if (at < 0) {
                    return envelope;
                }
                String ns = reader.getNamespaceURI();
                if ("Header".equals(reader.getLocalName())) {
                    return intoHeader(envelope, at, element, ns);
                }
                return splice(envelope, at, at, "<sdh:Header xmlns:sdh=\"" + ns + "\">" + element + "</sdh:Header>");
            }
        }
        return envelope;
    }

    /** Puts {@code element} right after the Header start tag, opening a self-closing one. */
    private static byte[] intoHeader(byte[] envelope, int tagStart, String element, String ns) {
        char quote = 0;
        for (int i = tagStart; i < envelope.length; i++) {
            char c = (char) envelope[i];
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                if (envelope[i - 1] == '/') {
                    return splice(envelope, tagStart, i + 1,
                            "<sdh:Header xmlns:sdh=\"" + ns + "\">" + element + "</sdh:Header>");
                }
                return splice(envelope, i + 1, i + 1, element);
            }
        }
        return envelope;
    }

    private static byte[] splice(byte[] envelope, int from, int to, String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(envelope.length + text.length() + 64);
        out.write(envelope, 0, from);
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        out.write(envelope, to, envelope.length - to);
        return out.toByteArray();
    }
}
