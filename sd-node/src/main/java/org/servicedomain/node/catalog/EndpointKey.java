package org.servicedomain.node.catalog;

import java.net.URI;
import java.util.Locale;

/**
 * An endpoint address reduced to what identifies it, so that spellings of the same endpoint
 * (case of scheme and host, default port, a fragment, dot segments) resolve to one instance.
 */
final class EndpointKey {

    private EndpointKey() {
    }

    static String of(String endpoint) {
        try {
            URI uri = URI.create(endpoint.trim()).normalize();
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            String host = uri.getHost() == null ? "" : uri.getHost().toLowerCase(Locale.ROOT);
            int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(scheme) ? 443 : 80;
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
            return scheme + "://" + host + ":" + port + path + query;
        } catch (IllegalArgumentException e) {
            return endpoint;
        }
    }
}
