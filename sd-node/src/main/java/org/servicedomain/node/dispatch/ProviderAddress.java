package org.servicedomain.node.dispatch;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * An instance's endpoint address taken apart once, so that a request parses no URI: where to
 * connect, whether over TLS, what to put in the Host header and the request line, and whether it is HTTP(S) at all.
 * {@code postHead} is the start of every request's head to it: the POST line and the Host header.
 */
record ProviderAddress(Route route, String hostHeader, String path, boolean http, byte[] postHead) {

    /** Where connections go; instances at one host, port and scheme share its connections, whatever their paths. */
    record Route(String host, int port, boolean tls) {
    }

    static ProviderAddress parse(String address) {
        URI uri = URI.create(address);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean plain = scheme.equals("http");
        boolean tls = scheme.equals("https");
        int port = uri.getPort() != -1 ? uri.getPort() : plain ? 80 : 443;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String host = uri.getHost() == null ? "" : uri.getHost();
        String hostHeader = uri.getRawAuthority() == null ? host : uri.getRawAuthority();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        return new ProviderAddress(new Route(host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port, tls),
                hostHeader, target, (plain || tls) && !host.isEmpty(),
                ("POST " + target + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    }
}
