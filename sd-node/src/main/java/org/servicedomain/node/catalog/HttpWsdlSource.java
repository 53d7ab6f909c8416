package org.servicedomain.node.catalog;

import io.netty.channel.ConnectTimeoutException;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.servicedomain.node.outbound.AnswerTooLargeException;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundAnswer;
import org.servicedomain.node.outbound.OutboundCall;

/** Fetches a provider's WSDL over HTTP(S), within a time and size limit. */
public final class HttpWsdlSource implements WsdlSource {

    private final HttpCalls http;
    private final Duration connectTimeout;
    private final Duration timeout;
    private final long maxBytes;

    /** @param http calls held to the networks the node may reach for providers, checked at every connect */
    public HttpWsdlSource(HttpCalls http, Duration connectTimeout, Duration timeout, long maxBytes) {
        this.http = http;
        this.connectTimeout = connectTimeout;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
    }

    @Override
    public byte[] fetch(String location) {
        URI uri = parse(location);
        OutboundAnswer answer;
        try {
            answer = http.await(OutboundCall.get(uri, timeout, maxBytes));
        } catch (AnswerTooLargeException e) {
            throw ServiceDescriptionParser.unreadable(location, "it is larger than " + maxBytes + " bytes", null);
        } catch (IOException e) {
            throw ServiceDescriptionParser.unreadable(location,
                    FetchCauses.of(uri, e, e instanceof ConnectTimeoutException ? connectTimeout : timeout), e);
        }
        if (answer.status() != 200) {
            throw ServiceDescriptionParser.unreadable(location, FetchCauses.status(uri, answer.status()), null);
        }
        if (answer.body().length == 0) {
            throw ServiceDescriptionParser.unreadable(location, "the server sent no body", null);
        }
        return answer.body();
    }

    private static URI parse(String location) {
        try {
            URI uri = URI.create(location.trim());
            if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
                throw ServiceDescriptionParser.unreadable(location, "only http and https locations are fetched, not "
                        + (uri.getScheme() == null ? "a location without scheme" : "'" + uri.getScheme() + "'"), null);
            }
            if (uri.getRawUserInfo() != null) {
                throw ServiceDescriptionParser.unreadable(location, "it carries credentials (user:password@ before the"
                        + " host), which the node does not send; register a location without them", null);
            }
            if (uri.getHost() == null) {
                throw ServiceDescriptionParser.unreadable(location, "it names no host", null);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            String why = e.getCause() instanceof java.net.URISyntaxException syntax
                    ? syntax.getReason() + " at character " + (syntax.getIndex() + 1) : "malformed";
            throw ServiceDescriptionParser.unreadable(location, "it is not a URL (" + why + ")", e);
        }
    }
}
