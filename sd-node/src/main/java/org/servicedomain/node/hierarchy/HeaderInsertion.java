package org.servicedomain.node.hierarchy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.codehaus.stax2.XMLStreamReader2;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.xml.StreamedXml;
import org.servicedomain.node.xml.Utf8Offsets;

/**
 * Adds one header element to a UTF-8 SOAP envelope without re-serialising it: inside the existing
 * soap:Header, or in a new soap:Header just before soap:Body. The rest of the bytes stay as they were.
 */
public final class HeaderInsertion {

    /**
     * Where the element goes: bytes {@code from} to {@code to} of the envelope are replaced by
     * {@code open}, the element and {@code close} (a new soap:Header's tags, or nothing).
     */
    public static final class Site {

        private final byte[] envelope;
        private final int from;
        private final int to;
        private final String open;
        private final String close;

        private Site(byte[] envelope, int from, int to, String open, String close) {
            this.envelope = envelope;
            this.from = from;
            this.to = to;
            this.open = open;
            this.close = close;
        }

        /**
         * The SHA-256 of the envelope as it is sent less the element's own bytes: what a reader that
         * cuts the element out again ({@link ContextHeaderReader}) digests, computed without a copy.
         */
        public byte[] digestWithoutElement() {
            MessageDigest sha = sha256();
            sha.update(envelope, 0, from);
            sha.update(open.getBytes(StandardCharsets.UTF_8));
            sha.update(close.getBytes(StandardCharsets.UTF_8));
            sha.update(envelope, to, envelope.length - to);
            return sha.digest();
        }

        /** The envelope with {@code element} in place. */
        public byte[] with(String element) {
            return splice(envelope, from, to, open + element + close);
        }
    }

    private HeaderInsertion() {
    }

    /** The envelope with {@code element} as its first header; unchanged when it is not UTF-8. */
    public static byte[] insert(byte[] envelope, String element) {
        Site site = site(envelope);
        return site == null ? envelope : site.with(element);
    }

    /** Where a first header goes in {@code envelope}, or null when it is not a UTF-8 envelope it can be put in. */
    public static Site site(byte[] envelope) {
        try {
            return StreamedXml.read(envelope, reader -> site(reader, envelope));
        } catch (XMLStreamException e) {
            throw new NodeFault(FaultCode.BadRequest, "the request could not be read to add the context header: "
                    + e.getMessage());
        }
    }

    private static Site site(XMLStreamReader reader, byte[] envelope) throws XMLStreamException {
        if (!(reader instanceof XMLStreamReader2 located)) {
            return null;
        }
        int depth = 0;
        while (reader.hasNext()) {
            int event = reader.next();
            if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (event == XMLStreamConstants.START_ELEMENT && ++depth == 2) {
                if (reader.getEncoding() != null && !"UTF-8".equalsIgnoreCase(reader.getEncoding())) {
                    return null;
                }
                int at = Utf8Offsets.byteIndex(envelope, located.getLocationInfo().getStartingCharOffset());
                if (at < 0) {
                    return null;
                }
                String ns = reader.getNamespaceURI();
                if ("Header".equals(reader.getLocalName())) {
                    return intoHeader(envelope, at, ns);
                }
                return newHeader(envelope, at, at, ns);
            }
        }
        return null;
    }

    private static Site newHeader(byte[] envelope, int from, int to, String ns) {
        return new Site(envelope, from, to, "<sdh:Header xmlns:sdh=\"" + ns + "\">", "</sdh:Header>");
    }

    /** Right after the Header start tag, opening a self-closing one. */
    private static Site intoHeader(byte[] envelope, int tagStart, String ns) {
        char quote = 0;
        for (int i = tagStart; i < envelope.length; i++) {
            char c = (char) envelope[i];
            if (quote != 0) {
                quote = c == quote ? 0 : quote;
            } else if (c == '"' || c == '\'') {
                quote = c;
            } else if (c == '>') {
                if (envelope[i - 1] == '/') {
                    return newHeader(envelope, tagStart, i + 1, ns);
                }
                return new Site(envelope, i + 1, i + 1, "", "");
            }
        }
        return null;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK cannot compute SHA-256", e);
        }
    }

    private static byte[] splice(byte[] envelope, int from, int to, String text) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(envelope.length + text.length() + 64);
        out.write(envelope, 0, from);
        out.writeBytes(text.getBytes(StandardCharsets.UTF_8));
        out.write(envelope, to, envelope.length - to);
        return out.toByteArray();
    }
}
