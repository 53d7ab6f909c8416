package org.servicedomain.client.discovery;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.servicedomain.client.xml.SecureDom;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;

/**
 * Writes the WS-Discovery messages a provider or client sends (Hello, Bye, Probe, Resolve, in
 * SOAP 1.2) and reads the matches a node answers, with a parser that refuses DOCTYPEs. The client
 * driver's own small copy, so it needs nothing of the node.
 */
public final class DiscoveryXml {

    static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    static final String SOAP11 = "http://schemas.xmlsoap.org/soap/envelope/";
    /** The most bytes of an answer read. */
    static final int MAX_BYTES = 65_536;
    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newInstance();

    private DiscoveryXml() {
    }

    static String newMessageId() {
        return "urn:uuid:" + UUID.randomUUID();
    }

    /** A Hello or Bye ({@code kind}) of {@code target}, with {@code messageId} and AppSequence. */
    static byte[] announcement(WsDiscoveryVersion version, String kind, String messageId, long instanceId,
            long messageNumber, Target target) {
        return envelope(version, kind, messageId, new long[] {instanceId, messageNumber}, out -> {
            endpointReference(out, version, target.address());
            types(out, version, target.types());
            scopes(out, version, target.scopes(), null);
            if (!target.xaddrs().isEmpty()) {
                text(out, version.namespace(), "XAddrs", String.join(" ", target.xaddrs()));
            }
            if (kind.equals("Hello")) {
                text(out, version.namespace(), "MetadataVersion", Long.toString(target.metadataVersion()));
            }
        });
    }

    static byte[] probe(WsDiscoveryVersion version, String messageId, List<QName> types, List<String> scopes,
            String matchBy) {
        return envelope(version, "Probe", messageId, null, out -> {
            types(out, version, types);
            scopes(out, version, scopes, matchBy);
        });
    }

    static byte[] resolve(WsDiscoveryVersion version, String messageId, String address) {
        return envelope(version, "Resolve", messageId, null, out -> endpointReference(out, version, address));
    }

    private interface Content {
        void write(XMLStreamWriter out) throws XMLStreamException;
    }

    private static byte[] envelope(WsDiscoveryVersion version, String kind, String messageId, long[] sequence,
            Content content) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            XMLStreamWriter out = OUTPUT.createXMLStreamWriter(bytes, "UTF-8");
            out.writeStartDocument("UTF-8", "1.0");
            out.writeStartElement("s", "Envelope", SOAP12);
            out.writeNamespace("s", SOAP12);
            out.writeNamespace("a", version.addressing());
            out.writeNamespace("d", version.namespace());
            out.writeStartElement(SOAP12, "Header");
            text(out, version.addressing(), "Action", version.namespace() + "/" + kind);
            text(out, version.addressing(), "MessageID", messageId);
            text(out, version.addressing(), "To", version.to());
            if (sequence != null) {
                out.writeEmptyElement(version.namespace(), "AppSequence");
                out.writeAttribute("InstanceId", Long.toString(sequence[0]));
                out.writeAttribute("MessageNumber", Long.toString(sequence[1]));
            }
            out.writeEndElement();
            out.writeStartElement(SOAP12, "Body");
            out.writeStartElement(version.namespace(), kind);
            content.write(out);
            out.writeEndElement();
            out.writeEndElement();
            out.writeEndElement();
            out.writeEndDocument();
            out.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("could not write a discovery message into memory", e);
        }
        return bytes.toByteArray();
    }

    private static void endpointReference(XMLStreamWriter out, WsDiscoveryVersion version, String address)
            throws XMLStreamException {
        out.writeStartElement(version.addressing(), "EndpointReference");
        text(out, version.addressing(), "Address", address);
        out.writeEndElement();
    }

    private static void types(XMLStreamWriter out, WsDiscoveryVersion version, List<QName> types) throws XMLStreamException {
        if (types.isEmpty()) {
            return;
        }
        Map<String, String> prefixes = new LinkedHashMap<>();
        types.forEach(t -> prefixes.computeIfAbsent(t.getNamespaceURI(), ns -> "t" + prefixes.size()));
        out.writeStartElement(version.namespace(), "Types");
        for (Map.Entry<String, String> e : prefixes.entrySet()) {
            out.writeNamespace(e.getValue(), e.getKey());
        }
        List<String> names = new ArrayList<>();
        types.forEach(t -> names.add(prefixes.get(t.getNamespaceURI()) + ":" + t.getLocalPart()));
        out.writeCharacters(String.join(" ", names));
        out.writeEndElement();
    }

    private static void scopes(XMLStreamWriter out, WsDiscoveryVersion version, List<String> scopes, String matchBy)
            throws XMLStreamException {
        if (scopes.isEmpty()) {
            return;
        }
        out.writeStartElement(version.namespace(), "Scopes");
        if (matchBy != null) {
            out.writeAttribute("MatchBy", matchBy);
        }
        out.writeCharacters(String.join(" ", scopes));
        out.writeEndElement();
    }

    private static void text(XMLStreamWriter out, String ns, String local, String value) throws XMLStreamException {
        out.writeStartElement(ns, local);
        out.writeCharacters(value);
        out.writeEndElement();
    }

    /** An answer read: what it relates to and the targets it lists. */
    record Matches(String relatesTo, List<Target> targets) {
    }

    /** Reads ProbeMatches or ResolveMatches; anything else, or anything malformed, is an IOException. */
    static Matches readMatches(byte[] bytes, int length) throws IOException {
        if (length > MAX_BYTES) {
            throw new IOException("a discovery answer of more than " + MAX_BYTES + " bytes");
        }
        Document document;
        try {
            document = SecureDom.documentBuilder().parse(new ByteArrayInputStream(bytes, 0, length));
        } catch (SAXException e) {
            throw new IOException("not a readable discovery answer: " + e.getMessage(), e);
        }
        Element envelope = document.getDocumentElement();
        if (!"Envelope".equals(envelope.getLocalName())) {
            throw new IOException("a discovery answer must be a SOAP Envelope");
        }
        String relatesTo = null;
        List<Target> targets = new ArrayList<>();
        boolean matches = false;
        for (Element part : children(envelope)) {
            if ("Header".equals(part.getLocalName())) {
                for (Element header : children(part)) {
                    if ("RelatesTo".equals(header.getLocalName())) {
                        relatesTo = header.getTextContent().trim();
                    }
                }
            } else if ("Body".equals(part.getLocalName())) {
                for (Element body : children(part)) {
                    if ("ProbeMatches".equals(body.getLocalName()) || "ResolveMatches".equals(body.getLocalName())) {
                        matches = true;
                        for (Element match : children(body)) {
                            targets.add(target(match));
                        }
                    }
                }
            }
        }
        if (!matches) {
            throw new IOException("not a ProbeMatches or ResolveMatches answer");
        }
        return new Matches(relatesTo, targets);
    }

    /** A Hello or Bye heard: which of the two, and the target it names. */
    record Announcement(boolean hello, Target target) {
    }

    /**
     * Reads a Hello or Bye of either version; anything else (a Probe, a match, a malformed datagram) is
     * an IOException, so a listener on the group can skip it.
     */
    static Announcement readAnnouncement(byte[] bytes, int length) throws IOException {
        if (length > MAX_BYTES) {
            throw new IOException("a discovery message of more than " + MAX_BYTES + " bytes");
        }
        Document document;
        try {
            document = SecureDom.documentBuilder().parse(new ByteArrayInputStream(bytes, 0, length));
        } catch (SAXException e) {
            throw new IOException("not a readable discovery message: " + e.getMessage(), e);
        }
        Element envelope = document.getDocumentElement();
        if (!"Envelope".equals(envelope.getLocalName())) {
            throw new IOException("a discovery message must be a SOAP Envelope");
        }
        for (Element part : children(envelope)) {
            if ("Body".equals(part.getLocalName())) {
                for (Element body : children(part)) {
                    boolean discovery = WsDiscoveryVersion.V11.namespace().equals(body.getNamespaceURI())
                            || WsDiscoveryVersion.V2005.namespace().equals(body.getNamespaceURI());
                    if (discovery && ("Hello".equals(body.getLocalName()) || "Bye".equals(body.getLocalName()))) {
                        return new Announcement("Hello".equals(body.getLocalName()), target(body));
                    }
                }
            }
        }
        throw new IOException("not a Hello or Bye");
    }

    private static Target target(Element match) throws IOException {
        String address = null;
        List<QName> types = new ArrayList<>();
        List<String> scopes = List.of();
        List<String> xaddrs = List.of();
        long metadataVersion = 0;
        for (Element child : children(match)) {
            switch (child.getLocalName()) {
                case "EndpointReference" -> {
                    for (Element e : children(child)) {
                        if ("Address".equals(e.getLocalName())) {
                            address = e.getTextContent().trim();
                        }
                    }
                }
                case "Types" -> {
                    for (String name : list(child)) {
                        int colon = name.indexOf(':');
                        String prefix = colon < 0 ? null : name.substring(0, colon);
                        String ns = child.lookupNamespaceURI(prefix);
                        types.add(new QName(ns == null ? "" : ns, name.substring(colon + 1)));
                    }
                }
                case "Scopes" -> scopes = list(child);
                case "XAddrs" -> xaddrs = list(child);
                case "MetadataVersion" -> {
                    try {
                        metadataVersion = Long.parseLong(child.getTextContent().trim());
                    } catch (NumberFormatException e) {
                        throw new IOException("MetadataVersion is not a number", e);
                    }
                }
                default -> {
                    // other extensions are not needed to call the target
                }
            }
        }
        if (address == null) {
            throw new IOException("a match without an EndpointReference");
        }
        return new Target(address, types, scopes, xaddrs, metadataVersion);
    }

    private static List<String> list(Element element) {
        String text = element.getTextContent().trim();
        return text.isEmpty() ? List.of() : List.of(text.split("\\s+"));
    }

    /** The element children of {@code parent}, in order. */
    static List<Element> children(Element parent) {
        List<Element> elements = new ArrayList<>();
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e) {
                elements.add(e);
            }
        }
        return elements;
    }
}
