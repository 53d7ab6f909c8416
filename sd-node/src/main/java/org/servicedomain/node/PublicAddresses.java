package org.servicedomain.node;

import java.net.URI;

/**
 * The node's addresses as clients should use them, when a proxy or load balancer stands in front of it;
 * each without a trailing slash, null when not set.
 *
 * @param baseUrl the node's address ({@code https://sd.example.com/sd}), published in WSDL soap:address and
 *     registrations instead of the request's Host header; null: the request's
 * @param dataUrl the address of the node's data plane, when it differs from {@code baseUrl} (a load balancer of
 *     its own in front of the relay); virtual ports are advertised under it; null: under {@code baseUrl}, else at
 *     the relay's port on the host the caller used
 */
public record PublicAddresses(String baseUrl, String dataUrl) {

    public PublicAddresses {
        baseUrl = publicUrl("publicBaseUrl", baseUrl);
        dataUrl = publicUrl("publicDataUrl", dataUrl);
    }

    /** {@code url} without a trailing slash, refused unless it is an http or https URL; null stays null. */
    private static String publicUrl(String name, String url) {
        if (url == null) {
            return null;
        }
        URI uri = URI.create(url);
        if (uri.getHost() == null || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme()))) {
            throw new IllegalArgumentException(name + " must be an http or https URL but was " + url);
        }
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
