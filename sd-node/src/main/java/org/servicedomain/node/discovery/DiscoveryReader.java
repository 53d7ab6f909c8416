package org.servicedomain.node.discovery;

import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.namespace.QName;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.xml.StreamedXml;

/**
 * Reads a WS-Discovery message from its bytes with the node's hardened StAX parser, in either
 * protocol version and SOAP envelope. Prefixes may be declared anywhere above where they are used
 * (on the Envelope, as many probers do): {@code Types} are resolved against the namespaces in scope.
 * Anything malformed or over the limits is a {@code BadRequest}.
 */
public final class DiscoveryReader {

    /** The most bytes a discovery message may have; a UDP datagram holds at most 65,507. */
    public static final int DEFAULT_MAX_BYTES = 65_536;
    /** The most types, scopes, addresses or matches one message may list. */
    static final int MAX_ITEMS = 256;

    private final int maxBytes;

    public DiscoveryReader() {
        this(DEFAULT_MAX_BYTES);
    }

    public DiscoveryReader(int maxBytes) {
        this.maxBytes = maxBytes;
    }

    public DiscoveryMessage read(byte[] bytes) {
        return read(bytes, bytes.length);
    }

    /** Reads the first {@code length} bytes of {@code bytes}. */
    public DiscoveryMessage read(byte[] bytes, int length) {
        if (length > maxBytes) {
            throw bad("a discovery message may have at most " + maxBytes + " bytes but this one has " + length);
        }
        try {
            return StreamedXml.read(bytes, length, reader -> new Parse(reader).envelope());
        } catch (XMLStreamException | IllegalStateException | NumberFormatException e) {
            throw new NodeFault(FaultCode.BadRequest, "not a readable discovery message: " + e.getMessage(), e);
        }
    }

    static NodeFault bad(String message) {
        return new NodeFault(FaultCode.BadRequest, message);
    }

    /** One parse: the state gathered from the headers, then the body. */
    private static final class Parse {
        private final XMLStreamReader reader;
        private String messageId;
        private String relatesTo;
        private String to;
        private AppSequence sequence;

        Parse(XMLStreamReader reader) {
            this.reader = reader;
        }

        DiscoveryMessage envelope() throws XMLStreamException {
            if (reader.nextTag() != XMLStreamConstants.START_ELEMENT || !"Envelope".equals(reader.getLocalName())) {
                throw bad("a discovery message must be a SOAP Envelope");
            }
            SoapVersion soap = soapVersion(reader.getNamespaceURI());
            DiscoveryMessage message = null;
            while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
                requireNamespace(soap.envelopeNamespace());
                switch (reader.getLocalName()) {
                    case "Header" -> headers();
                    case "Body" -> message = body(soap);
                    default -> throw bad("unexpected " + reader.getLocalName() + " in the SOAP Envelope");
                }
            }
            if (message == null) {
                throw bad("the SOAP Envelope has no Body");
            }
            return message;
        }

        private static SoapVersion soapVersion(String namespace) {
            for (SoapVersion v : SoapVersion.values()) {
                if (v.envelopeNamespace().equals(namespace)) {
                    return v;
                }
            }
            throw bad("not a SOAP 1.1 or 1.2 Envelope: namespace " + namespace);
        }

        private void requireNamespace(String namespace) {
            if (!namespace.equals(reader.getNamespaceURI())) {
                throw bad(reader.getLocalName() + " in namespace " + reader.getNamespaceURI() + " where " + namespace
                        + " was expected");
            }
        }

        private void headers() throws XMLStreamException {
            while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
                switch (reader.getLocalName()) {
                    case "MessageID" -> messageId = reader.getElementText().trim();
                    case "RelatesTo" -> relatesTo = reader.getElementText().trim();
                    case "To" -> to = reader.getElementText().trim();
                    case "AppSequence" -> sequence = appSequence();
                    default -> StreamedXml.skipElement(reader);
                }
            }
        }

        private AppSequence appSequence() throws XMLStreamException {
            String instance = reader.getAttributeValue(null, "InstanceId");
            String number = reader.getAttributeValue(null, "MessageNumber");
            if (instance == null || number == null) {
                throw bad("AppSequence needs InstanceId and MessageNumber");
            }
            AppSequence read = new AppSequence(Long.parseLong(instance.trim()), reader.getAttributeValue(null, "SequenceId"),
                    Long.parseLong(number.trim()));
            StreamedXml.skipElement(reader);
            return read;
        }

        private DiscoveryMessage body(SoapVersion soap) throws XMLStreamException {
            if (reader.nextTag() != XMLStreamConstants.START_ELEMENT) {
                throw bad("the SOAP Body is empty");
            }
            DiscoveryVersion version = DiscoveryVersion.ofNamespace(reader.getNamespaceURI());
            MessageKind kind = MessageKind.ofElement(reader.getLocalName());
            if (version == null || kind == null) {
                throw bad("not a WS-Discovery message: {" + reader.getNamespaceURI() + "}" + reader.getLocalName());
            }
            if (messageId == null || messageId.isEmpty()) {
                throw bad(kind.element() + " has no wsa:MessageID");
            }
            Content content = new Content();
            switch (kind) {
                case HELLO, BYE -> content.endpoints.add(endpoint(version));
                case PROBE_MATCHES, RESOLVE_MATCHES -> matches(version, content);
                case PROBE, RESOLVE -> query(version, content);
                default -> throw new IllegalStateException(kind.name());
            }
            while (reader.getEventType() != XMLStreamConstants.END_ELEMENT || !"Body".equals(reader.getLocalName())) {
                reader.next();
            }
            return new DiscoveryMessage(version, soap, kind, messageId, relatesTo, to, sequence, content.endpoints,
                    content.types, content.scopes, content.matchBy, content.address);
        }

        private void matches(DiscoveryVersion version, Content content) throws XMLStreamException {
            while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
                if (content.endpoints.size() >= MAX_ITEMS) {
                    throw bad("more than " + MAX_ITEMS + " matches");
                }
                content.endpoints.add(endpoint(version));
            }
        }

        /** The children of a Probe or Resolve, up to its end tag. */
        private void query(DiscoveryVersion version, Content content) throws XMLStreamException {
            while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
                switch (reader.getLocalName()) {
                    case "Types" -> content.types.addAll(types());
                    case "Scopes" -> {
                        content.matchBy = reader.getAttributeValue(null, "MatchBy");
                        content.scopes.addAll(list());
                    }
                    case "EndpointReference" -> content.address = endpointReference();
                    default -> StreamedXml.skipElement(reader);
                }
            }
        }

        /** A Hello, Bye, ProbeMatch or ResolveMatch element, up to its end tag. */
        private EndpointDescription endpoint(DiscoveryVersion version) throws XMLStreamException {
            String address = null;
            List<QName> types = List.of();
            List<String> scopes = List.of();
            List<String> xaddrs = List.of();
            long metadataVersion = 0;
            while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
                switch (reader.getLocalName()) {
                    case "EndpointReference" -> address = endpointReference();
                    case "Types" -> types = types();
                    case "Scopes" -> scopes = list();
                    case "XAddrs" -> xaddrs = list();
                    case "MetadataVersion" -> metadataVersion = Long.parseLong(reader.getElementText().trim());
                    default -> StreamedXml.skipElement(reader);
                }
            }
            if (address == null || address.isEmpty()) {
                throw bad("a " + version + " endpoint description has no EndpointReference/Address");
            }
            return new EndpointDescription(address, types, scopes, xaddrs, metadataVersion);
        }

        private String endpointReference() throws XMLStreamException {
            String address = null;
            while (reader.nextTag() == XMLStreamConstants.START_ELEMENT) {
                if ("Address".equals(reader.getLocalName())) {
                    address = reader.getElementText().trim();
                } else {
                    StreamedXml.skipElement(reader);
                }
            }
            return address;
        }

        /** A list of QNames, each prefix resolved against the namespaces in scope here. */
        private List<QName> types() throws XMLStreamException {
            javax.xml.namespace.NamespaceContext context = reader.getNamespaceContext();
            String defaultNamespace = context.getNamespaceURI(XMLConstants.DEFAULT_NS_PREFIX);
            java.util.Map<String, String> prefixes = new java.util.HashMap<>();
            List<String> raw = list();
            List<QName> types = new ArrayList<>();
            for (String name : raw) {
                int colon = name.indexOf(':');
                String prefix = colon < 0 ? XMLConstants.DEFAULT_NS_PREFIX : name.substring(0, colon);
                String uri = colon < 0 ? defaultNamespace : prefixes.computeIfAbsent(prefix, context::getNamespaceURI);
                if (colon >= 0 && (uri == null || uri.isEmpty())) {
                    throw bad("type " + name + " uses prefix " + prefix + ", which is not declared");
                }
                types.add(new QName(uri == null ? "" : uri, name.substring(colon + 1), prefix));
            }
            return types;
        }

        /** A whitespace-separated list, the text of the current element. */
        private List<String> list() throws XMLStreamException {
            String text = reader.getElementText().trim();
            if (text.isEmpty()) {
                return List.of();
            }
            String[] items = text.split("\\s+");
            if (items.length > MAX_ITEMS) {
                throw bad("a list of more than " + MAX_ITEMS + " items");
            }
            return List.of(items);
        }
    }

    /** What a body holds, gathered as it is read. */
    private static final class Content {
        final List<EndpointDescription> endpoints = new ArrayList<>();
        final List<QName> types = new ArrayList<>();
        final List<String> scopes = new ArrayList<>();
        String matchBy;
        String address;
    }
}
