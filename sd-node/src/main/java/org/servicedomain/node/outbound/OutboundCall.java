package org.servicedomain.node.outbound;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One HTTP(S) request of the node's own (not a relayed SOAP message): method, address, headers as
 * name, value pairs, body, how long the answer may take once sent, and the most of it to read.
 */
public record OutboundCall(String method, URI uri, List<String> headers, byte[] body, Duration timeout, long maxAnswerBytes) {

    public OutboundCall {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(timeout, "timeout");
        headers = List.copyOf(headers);
        body = body == null ? new byte[0] : body;
        String scheme = uri.getScheme() == null ? "" : uri.getScheme();
        if (!scheme.equalsIgnoreCase("http") && !scheme.equalsIgnoreCase("https") || uri.getHost() == null) {
            throw new IllegalArgumentException("not an http or https address with a host: " + uri);
        }
    }

    public static OutboundCall get(URI uri, Duration timeout, long maxAnswerBytes) {
        return new OutboundCall("GET", uri, List.of(), null, timeout, maxAnswerBytes);
    }

    public static OutboundCall post(URI uri, String contentType, byte[] body, Duration timeout, long maxAnswerBytes) {
        return new OutboundCall("POST", uri, List.of("Content-Type", contentType), body, timeout, maxAnswerBytes);
    }

    /** This call with one more header; a null value adds none. */
    public OutboundCall with(String name, String value) {
        if (value == null) {
            return this;
        }
        List<String> more = new ArrayList<>(headers);
        more.add(name);
        more.add(value);
        return new OutboundCall(method, uri, more, body, timeout, maxAnswerBytes);
    }

    boolean tls() {
        return uri.getScheme().equalsIgnoreCase("https");
    }

    int port() {
        return uri.getPort() != -1 ? uri.getPort() : tls() ? 443 : 80;
    }

    /** The host to connect to, without an IPv6 literal's brackets. */
    String host() {
        String host = uri.getHost();
        return host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
    }

    /** The request line's target: raw path and query. */
    String target() {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
}
