package org.servicedomain.node.rendering;

import java.net.URI;
import java.util.Locale;

/**
 * An instance's endpoint address taken apart once, so that a request parses no URI: where to
 * connect, what to put in the Host header and the request line, and whether it is plain HTTP.
 */
record ProviderAddress(Route route, String hostHeader, String path, boolean plainHttp) {

    /** Where connections go; instances at one host and port share its connections, whatever their paths. */
    record Route(String host, int port) {
    }

    static ProviderAddress parse(String address) {
        URI uri = URI.create(address);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean plain = scheme.equals("http");
        int port = uri.getPort() != -1 ? uri.getPort() : plain ? 80 : 443;
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String host = uri.getHost() == null ? "" : uri.getHost();
        return new ProviderAddress(new Route(host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port),
                uri.getRawAuthority() == null ? host : uri.getRawAuthority(),
                uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery(), plain && !host.isEmpty());
    }
}
