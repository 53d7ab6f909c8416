package org.servicedomain.node.hierarchy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.XMLStreamReader2;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.xml.StreamedXml;
import org.servicedomain.node.xml.Utf8Offsets;

/**
 * Finds the {@code sd:context} header in a request envelope, reading no further than the start of
 * soap:Body, and cuts it out of the bytes forwarded to providers. UTF-8 envelopes only (what the
 * parent sends); any other encoding is read as having no header.
 */
public final class ContextHeaderReader {

    /** A header as found: its content, its proof (as sent), and the envelope without it. */
    public record Found(ParentContext context, String proof, byte[] withoutHeader) {
    }

    private static final QName CONTEXT = new QName(ContextHeader.NAMESPACE, ContextHeader.LOCAL_NAME);

    private ContextHeaderReader() {
    }

    /** The header, or null when the envelope has none. */
    public static Found read(byte[] envelope) {
        try {
            return StreamedXml.read(envelope, reader -> scan(reader, envelope));
        } catch (XMLStreamException e) {
            throw new NodeFault(FaultCode.BadRequest, "the request's headers could not be read: " + e.getMessage());
        }
    }

    private static Found scan(XMLStreamReader reader, byte[] envelope) throws XMLStreamException {
        if (!(reader instanceof XMLStreamReader2 located)) {
            return null;
        }
        int depth = 0;
        boolean inHeader = false;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
                inHeader &= depth >= 2;
            } else if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
                if (depth == 2) {
                    if ("Body".equals(reader.getLocalName())) {
                        return null;
                    }
                    inHeader = "Header".equals(reader.getLocalName());
                } else if (depth == 3 && inHeader && CONTEXT.equals(reader.getName())) {
                    if (reader.getEncoding() != null && !"UTF-8".equalsIgnoreCase(reader.getEncoding())) {
                        return null;
                    }
                    long start = located.getLocationInfo().getStartingCharOffset();
                    return content(reader, envelope, start, located);
                }
            }
        }
        return null;
    }

    private static Found content(XMLStreamReader reader, byte[] envelope, long start, XMLStreamReader2 located)
            throws XMLStreamException {
        Map<String, String> fields = new HashMap<>();
        List<String> designated = new ArrayList<>();
        Map<String, String> values = new HashMap<>();
        while (true) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                break;
            }
            if (event != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            String name = reader.getLocalName();
            String valueName = "value".equals(name) ? reader.getAttributeValue(null, "name") : null;
            String text = elementText(reader);
            switch (name) {
                case "designated" -> designated.add(text);
                case "value" -> values.put(valueName, text);
                default -> fields.put(name, text);
            }
        }
        long end = located.getLocationInfo().getEndingCharOffset();
        ParentContext context = new ParentContext(fields.get("user"), fields.get("userLevel"), fields.get("sessionKey"),
                designated, values);
        return new Found(context, fields.get("proof"), cut(envelope, start, end));
    }

    private static String elementText(XMLStreamReader reader) {
        try {
            return reader.getElementText();
        } catch (XMLStreamException e) {
            throw new NodeFault(FaultCode.BadRequest, "the sd:context header must hold only text fields");
        }
    }

    private static byte[] cut(byte[] envelope, long startChar, long endChar) {
        int from = Utf8Offsets.byteIndex(envelope, startChar);
        int to = Utf8Offsets.byteIndex(envelope, endChar);
        if (from < 0 || to < from) {
            throw new NodeFault(FaultCode.BadRequest, "the sd:context header could not be located in the request");
        }
        byte[] out = new byte[envelope.length - (to - from)];
        System.arraycopy(envelope, 0, out, 0, from);
        System.arraycopy(envelope, to, out, from, envelope.length - to);
        return out;
    }
}
