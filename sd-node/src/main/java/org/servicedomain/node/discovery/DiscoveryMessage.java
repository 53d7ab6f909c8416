package org.servicedomain.node.discovery;

import java.util.List;
import java.util.Objects;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.SoapVersion;

/**
 * One WS-Discovery message, in either protocol version and SOAP envelope.
 *
 * @param messageId the {@code wsa:MessageID}
 * @param relatesTo the message a match answers, or null
 * @param to the {@code wsa:To}, or null
 * @param appSequence the sender's sequence, or null when it sent none
 * @param endpoints the one endpoint of a Hello or Bye, the matches of ProbeMatches and ResolveMatches
 * @param types the types a Probe asks for
 * @param scopes the scopes a Probe asks for
 * @param matchBy the scope-matching rule of a Probe, or null for the default (RFC 3986)
 * @param resolveAddress the endpoint reference address a Resolve asks for, or null
 */
public record DiscoveryMessage(DiscoveryVersion version, SoapVersion soap, MessageKind kind, String messageId,
        String relatesTo, String to, AppSequence appSequence, List<EndpointDescription> endpoints, List<QName> types,
        List<String> scopes, String matchBy, String resolveAddress) {

    public DiscoveryMessage {
        Objects.requireNonNull(version, "version");
        Objects.requireNonNull(soap, "soap");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(messageId, "messageId");
        endpoints = List.copyOf(endpoints);
        types = List.copyOf(types);
        scopes = List.copyOf(scopes);
    }

    /** A new message id, as the specification wants it: a {@code urn:uuid}. */
    public static String newMessageId() {
        return "urn:uuid:" + UUID.randomUUID();
    }

    /** A Hello or Bye announcing {@code endpoint}. */
    public static DiscoveryMessage announcement(DiscoveryVersion version, SoapVersion soap, MessageKind kind,
            AppSequence sequence, EndpointDescription endpoint) {
        return new DiscoveryMessage(version, soap, kind, newMessageId(), null, version.multicastTo(), sequence,
                List.of(endpoint), List.of(), List.of(), null, null);
    }

    /** A Probe for {@code types} within {@code scopes}. */
    public static DiscoveryMessage probe(DiscoveryVersion version, SoapVersion soap, List<QName> types,
            List<String> scopes, String matchBy) {
        return new DiscoveryMessage(version, soap, MessageKind.PROBE, newMessageId(), null, version.multicastTo(), null,
                List.of(), types, scopes, matchBy, null);
    }

    /** A Resolve for the endpoint reference {@code address}. */
    public static DiscoveryMessage resolve(DiscoveryVersion version, SoapVersion soap, String address) {
        return new DiscoveryMessage(version, soap, MessageKind.RESOLVE, newMessageId(), null, version.multicastTo(), null,
                List.of(), List.of(), List.of(), null, address);
    }

    /**
     * A discovery proxy's Hello in answer to this multicast Probe or Resolve (WS-Discovery 1.1 managed mode,
     * managed mode): it announces {@code proxy} to the prober only, relating to this message as a
     * suppression, so that the prober may send its next Probes to the proxy instead of multicasting.
     */
    public DiscoveryMessage proxyHello(AppSequence sequence, EndpointDescription proxy) {
        return new DiscoveryMessage(version, soap, MessageKind.HELLO, newMessageId(), messageId, version.anonymous(),
                sequence, List.of(proxy), List.of(), List.of(), null, null);
    }

    /** The answer to this Probe or Resolve, in its version and envelope, listing {@code matches}. */
    public DiscoveryMessage answer(AppSequence sequence, List<EndpointDescription> matches) {
        MessageKind answerKind = switch (kind) {
            case PROBE -> MessageKind.PROBE_MATCHES;
            case RESOLVE -> MessageKind.RESOLVE_MATCHES;
            default -> throw new IllegalStateException(kind + " has no answer");
        };
        return new DiscoveryMessage(version, soap, answerKind, newMessageId(), messageId, version.anonymous(), sequence,
                matches, List.of(), List.of(), null, null);
    }

    /** The one endpoint of a Hello or Bye. */
    public EndpointDescription endpoint() {
        if (endpoints.isEmpty()) {
            throw new IllegalStateException(kind + " names no endpoint");
        }
        return endpoints.get(0);
    }
}
