package org.servicedomain.node.discovery;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.servicedomain.client.discovery.CompactSignature;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.node.core.SoapVersion;

/**
 * Writes a WS-Discovery message in its version and SOAP envelope. The namespaces of the types are
 * declared on the {@code Types} element itself, so a reader that only looks there understands them.
 * With a signing key, every message carries a compact signature ({@link CompactSignature}) over all
 * its header blocks and its body's element.
 */
public final class DiscoveryWriter {

    private static final XMLOutputFactory OUTPUT = XMLOutputFactory.newInstance();

    private final DiscoverySignatures signatures;

    /** A writer that signs nothing. */
    public DiscoveryWriter() {
        this(DiscoverySignatures.NONE);
    }

    /** A writer that signs with {@code signatures}' key, when it has one. */
    public DiscoveryWriter(DiscoverySignatures signatures) {
        this.signatures = signatures;
    }

    public byte[] write(DiscoveryMessage message) {
        if (!signatures.signs()) {
            return write(message, false, null);
        }
        byte[] unsigned = write(message, true, null);
        return write(message, true, CompactSignature.sign(unsigned, message.version().namespace(), parts(message),
                signatures.signingKey(), signatures.signingCertificate()));
    }

    /** The ids of the parts a signature covers: every header block and the body's element. */
    private static List<String> parts(DiscoveryMessage message) {
        List<String> ids = new ArrayList<>(List.of("action", "message"));
        if (message.relatesTo() != null) {
            ids.add("relates");
        }
        if (message.to() != null) {
            ids.add("to");
        }
        if (message.appSequence() != null) {
            ids.add("sequence");
        }
        ids.add("body");
        return ids;
    }

    /** Writes one part of an envelope: its header blocks or its body's content. */
    @FunctionalInterface
    interface Part {
        void write(XMLStreamWriter out) throws XMLStreamException;
    }

    /**
     * A SOAP envelope of {@code soap} declaring {@code s:}, {@code a:} (WS-Addressing of {@code version}),
     * {@code d:} (WS-Discovery of {@code version}) and, when {@code ids}, {@code u:}, with what
     * {@code header} and {@code body} write inside its Header and Body.
     */
    static byte[] envelope(SoapVersion soap, DiscoveryVersion version, boolean ids, Part header, Part body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(1024);
        try {
            XMLStreamWriter out = OUTPUT.createXMLStreamWriter(bytes, "UTF-8");
            out.writeStartDocument("UTF-8", "1.0");
            String envelope = soap.envelopeNamespace();
            out.writeStartElement("s", "Envelope", envelope);
            out.writeNamespace("s", envelope);
            out.writeNamespace("a", version.addressingNamespace());
            out.writeNamespace("d", version.namespace());
            if (ids) {
                out.writeNamespace("u", CompactSignature.WSU);
            }
            out.writeStartElement("s", "Header", envelope);
            header.write(out);
            out.writeEndElement();
            out.writeStartElement("s", "Body", envelope);
            body.write(out);
            out.writeEndElement();
            out.writeEndElement();
            out.writeEndDocument();
            out.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException("could not write a discovery message into memory", e);
        }
        return bytes.toByteArray();
    }

    /** The message, with {@code wsu:Id}s on its parts when {@code ids}, and {@code sig} in a {@code d:Security} header. */
    private static byte[] write(DiscoveryMessage message, boolean ids, CompactSignature.Sig sig) {
        String wsa = message.version().addressingNamespace();
        String wsd = message.version().namespace();
        Ids id = new Ids(ids);
        return envelope(message.soap(), message.version(), ids, out -> {
            text(out, "a", "Action", wsa, message.version().action(message.kind()), id.of("action"));
            text(out, "a", "MessageID", wsa, message.messageId(), id.of("message"));
            if (message.relatesTo() != null) {
                out.writeStartElement("a", "RelatesTo", wsa);
                id.write(out, "relates");
                if (message.kind() == MessageKind.HELLO) {
                    out.writeAttribute("RelationshipType", message.version().suppression());
                }
                out.writeCharacters(message.relatesTo());
                out.writeEndElement();
            }
            if (message.to() != null) {
                text(out, "a", "To", wsa, message.to(), id.of("to"));
            }
            if (message.appSequence() != null) {
                AppSequence sequence = message.appSequence();
                out.writeEmptyElement("d", "AppSequence", wsd);
                id.write(out, "sequence");
                out.writeAttribute("InstanceId", Long.toString(sequence.instanceId()));
                if (sequence.sequenceId() != null) {
                    out.writeAttribute("SequenceId", sequence.sequenceId());
                }
                out.writeAttribute("MessageNumber", Long.toString(sequence.messageNumber()));
            }
            if (sig != null) {
                out.writeStartElement("d", "Security", wsd);
                out.writeEmptyElement("d", "Sig", wsd);
                out.writeAttribute("Scheme", sig.scheme());
                out.writeAttribute("KeyId", sig.keyId());
                out.writeAttribute("Refs", String.join(" ", sig.refs()));
                out.writeAttribute("Sig", sig.value());
                out.writeEndElement();
            }
        }, out -> body(out, message, wsa, wsd, id));
    }

    private static void body(XMLStreamWriter out, DiscoveryMessage message, String wsa, String wsd, Ids id)
            throws XMLStreamException {
        out.writeStartElement("d", message.kind().element(), wsd);
        id.write(out, "body");
        switch (message.kind()) {
            case HELLO, BYE -> endpointContent(out, message.endpoint(), wsa, wsd, message.kind() == MessageKind.HELLO);
            case PROBE -> {
                types(out, message.types(), wsd);
                scopes(out, message.scopes(), message.matchBy(), wsd);
            }
            case RESOLVE -> endpointReference(out, message.resolveAddress(), wsa);
            case PROBE_MATCHES, RESOLVE_MATCHES -> {
                String match = message.kind() == MessageKind.PROBE_MATCHES ? "ProbeMatch" : "ResolveMatch";
                for (EndpointDescription endpoint : message.endpoints()) {
                    out.writeStartElement("d", match, wsd);
                    endpointContent(out, endpoint, wsa, wsd, true);
                    out.writeEndElement();
                }
            }
            default -> throw new IllegalStateException(message.kind().name());
        }
        out.writeEndElement();
    }

    private static void endpointContent(XMLStreamWriter out, EndpointDescription endpoint, String wsa, String wsd,
            boolean metadataVersion) throws XMLStreamException {
        endpointReference(out, endpoint.address(), wsa);
        types(out, endpoint.types(), wsd);
        scopes(out, endpoint.scopes(), null, wsd);
        if (!endpoint.xaddrs().isEmpty()) {
            text(out, "d", "XAddrs", wsd, String.join(" ", endpoint.xaddrs()));
        }
        if (metadataVersion) {
            text(out, "d", "MetadataVersion", wsd, Long.toString(endpoint.metadataVersion()));
        }
    }

    private static void endpointReference(XMLStreamWriter out, String address, String wsa) throws XMLStreamException {
        out.writeStartElement("a", "EndpointReference", wsa);
        text(out, "a", "Address", wsa, address);
        out.writeEndElement();
    }

    private static void types(XMLStreamWriter out, List<QName> types, String wsd) throws XMLStreamException {
        if (types.isEmpty()) {
            return;
        }
        Map<String, String> prefixes = new LinkedHashMap<>();
        for (QName type : types) {
            if (!type.getNamespaceURI().isEmpty()) {
                prefixes.computeIfAbsent(type.getNamespaceURI(), ns -> "t" + prefixes.size());
            }
        }
        out.writeStartElement("d", "Types", wsd);
        for (Map.Entry<String, String> e : prefixes.entrySet()) {
            out.writeNamespace(e.getValue(), e.getKey());
        }
        out.writeCharacters(types.stream()
                .map(t -> t.getNamespaceURI().isEmpty() ? t.getLocalPart() : prefixes.get(t.getNamespaceURI()) + ":" + t.getLocalPart())
                .collect(Collectors.joining(" ")));
        out.writeEndElement();
    }

    private static void scopes(XMLStreamWriter out, List<String> scopes, String matchBy, String wsd)
            throws XMLStreamException {
        if (scopes.isEmpty() && matchBy == null) {
            return;
        }
        out.writeStartElement("d", "Scopes", wsd);
        if (matchBy != null) {
            out.writeAttribute("MatchBy", matchBy);
        }
        out.writeCharacters(String.join(" ", scopes));
        out.writeEndElement();
    }

    /** An element holding {@code value}; unqualified when {@code ns} is empty. */
    static void text(XMLStreamWriter out, String prefix, String local, String ns, String value)
            throws XMLStreamException {
        text(out, prefix, local, ns, value, null);
    }

    private static void text(XMLStreamWriter out, String prefix, String local, String ns, String value, String id)
            throws XMLStreamException {
        if (ns.isEmpty()) {
            out.writeStartElement(local);
        } else {
            out.writeStartElement(prefix, local, ns);
        }
        if (id != null) {
            out.writeAttribute("u", CompactSignature.WSU, "Id", id);
        }
        out.writeCharacters(value);
        out.writeEndElement();
    }

    /** The {@code wsu:Id}s of a message's parts, written only when it is signed. */
    private record Ids(boolean written) {

        String of(String part) {
            return written ? part : null;
        }

        void write(XMLStreamWriter out, String part) throws XMLStreamException {
            if (written) {
                out.writeAttribute("u", CompactSignature.WSU, "Id", part);
            }
        }
    }
}
