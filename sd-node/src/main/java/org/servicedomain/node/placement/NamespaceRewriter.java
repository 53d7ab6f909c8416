package org.servicedomain.node.placement;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.servicedomain.node.xml.StreamedXml;

/**
 * Streams a SOAP message through StAX with some namespace URIs replaced by others: in the
 * namespace declarations (wherever they stand, the Envelope's included), the elements and the
 * attributes. Prefixes stay as they are, so a prefixed value ({@code xsi:type="q:Quote"}) still
 * resolves. Refuses a DOCTYPE, as every parser of the node does.
 */
final class NamespaceRewriter {

    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newInstance();

    private NamespaceRewriter() {
    }

    /** {@code message} with each namespace URI that is a key of {@code namespaces} replaced by its value. */
    static byte[] rewrite(byte[] message, Map<String, String> namespaces) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(message.length + 64);
        try {
            StreamedXml.read(message, reader -> {
                XMLStreamWriter writer = OUTPUT.createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
                copy(reader, writer, namespaces);
                writer.close();
                return null;
            });
        } catch (XMLStreamException e) {
            throw new IllegalArgumentException("the message is not well-formed XML: " + e.getMessage(), e);
        }
        return out.toByteArray();
    }

    private static void copy(XMLStreamReader reader, XMLStreamWriter writer, Map<String, String> namespaces)
            throws XMLStreamException {
        for (int event = reader.getEventType(); ; event = reader.next()) {
            switch (event) {
                case XMLStreamConstants.START_DOCUMENT -> {
                    if (reader.getVersion() != null) {
                        writer.writeStartDocument(StandardCharsets.UTF_8.name(), reader.getVersion());
                    }
                }
                case XMLStreamConstants.DTD -> throw new XMLStreamException("a DOCTYPE is refused");
                case XMLStreamConstants.START_ELEMENT -> startElement(reader, writer, namespaces);
                case XMLStreamConstants.END_ELEMENT -> writer.writeEndElement();
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.SPACE -> writer.writeCharacters(reader.getText());
                case XMLStreamConstants.CDATA -> writer.writeCData(reader.getText());
                case XMLStreamConstants.COMMENT -> writer.writeComment(reader.getText());
                case XMLStreamConstants.PROCESSING_INSTRUCTION -> writer.writeProcessingInstruction(reader.getPITarget(),
                        reader.getPIData() == null ? "" : reader.getPIData());
                case XMLStreamConstants.END_DOCUMENT -> {
                    writer.writeEndDocument();
                    return;
                }
                default -> { } // entity references cannot occur: no DTD declares any
            }
        }
    }

    private static void startElement(XMLStreamReader reader, XMLStreamWriter writer, Map<String, String> namespaces)
            throws XMLStreamException {
        String prefix = reader.getPrefix() == null ? "" : reader.getPrefix();
        writer.writeStartElement(prefix, reader.getLocalName(), mapped(reader.getNamespaceURI(), namespaces));
        for (int i = 0; i < reader.getNamespaceCount(); i++) {
            String declared = mapped(reader.getNamespaceURI(i), namespaces);
            String declaredPrefix = reader.getNamespacePrefix(i);
            if (declaredPrefix == null || declaredPrefix.isEmpty()) {
                writer.writeDefaultNamespace(declared);
            } else {
                writer.writeNamespace(declaredPrefix, declared);
            }
        }
        for (int i = 0; i < reader.getAttributeCount(); i++) {
            String attributePrefix = reader.getAttributePrefix(i);
            if (attributePrefix == null || attributePrefix.isEmpty()) {
                writer.writeAttribute(reader.getAttributeLocalName(i), reader.getAttributeValue(i));
            } else {
                writer.writeAttribute(attributePrefix, mapped(reader.getAttributeNamespace(i), namespaces),
                        reader.getAttributeLocalName(i), reader.getAttributeValue(i));
            }
        }
    }

    private static String mapped(String namespace, Map<String, String> namespaces) {
        if (namespace == null) {
            return "";
        }
        return namespaces.getOrDefault(namespace, namespace);
    }
}
