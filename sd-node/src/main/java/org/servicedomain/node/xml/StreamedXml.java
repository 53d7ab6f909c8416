package org.servicedomain.node.xml;

import java.io.ByteArrayInputStream;
import java.io.StringReader;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reading a document held in memory with StAX: a {@link SecureXml} reader, closed whatever the
 * reading did, and the walks to an element's end that readers take to pass over what they do not
 * want. A close failure is reported as the parse's own failure (over bytes in memory it does not
 * happen in practice).
 */
public final class StreamedXml {

    /** What a reader reads from the document, starting before its first event. */
    @FunctionalInterface
    public interface Reading<T> {
        T read(XMLStreamReader reader) throws XMLStreamException;
    }

    private StreamedXml() {
    }

    /** What {@code reading} reads from {@code bytes}. */
    public static <T> T read(byte[] bytes, Reading<T> reading) throws XMLStreamException {
        return read(bytes, bytes.length, reading);
    }

    /** What {@code reading} reads from the first {@code length} bytes of {@code bytes}. */
    public static <T> T read(byte[] bytes, int length, Reading<T> reading) throws XMLStreamException {
        return readClosing(SecureXml.inputFactory().createXMLStreamReader(new ByteArrayInputStream(bytes, 0, length)), reading);
    }

    /** What {@code reading} reads from {@code text}. */
    public static <T> T read(String text, Reading<T> reading) throws XMLStreamException {
        return readClosing(SecureXml.inputFactory().createXMLStreamReader(new StringReader(text)), reading);
    }

    /** Passes over the current element and everything in it, leaving the reader at its end tag. */
    public static void skipElement(XMLStreamReader reader) throws XMLStreamException {
        toEnd(reader, null);
    }

    /** The text of the current element, its descendants' included, trimmed; leaves the reader at its end tag. */
    public static String allText(XMLStreamReader reader) throws XMLStreamException {
        StringBuilder text = new StringBuilder();
        toEnd(reader, text);
        return text.toString().trim();
    }

    private static void toEnd(XMLStreamReader reader, StringBuilder text) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int event = reader.next();
            if (event == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (event == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (text != null && (event == XMLStreamConstants.CHARACTERS || event == XMLStreamConstants.CDATA)) {
                text.append(reader.getText());
            }
        }
    }

    private static <T> T readClosing(XMLStreamReader reader, Reading<T> reading) throws XMLStreamException {
        try {
            return reading.read(reader);
        } finally {
            reader.close();
        }
    }
}
