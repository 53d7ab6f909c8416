package org.servicedomain.node.network;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * Who may scrape {@code /sd/metrics}: a caller from one of {@code networks}, or one that sends
 * {@code Authorization: Bearer <token>}; when neither is configured, loopback callers only, since
 * metrics name the build, instances and descriptor counts, which strangers have no need to see.
 *
 * @param networks the networks allowed to scrape; empty for none by network
 * @param bearerToken the token a scraper may send instead, or null
 */
public record MetricsAccess(Networks networks, String bearerToken) {

    /** Neither networks nor a token: loopback callers only. */
    public static final MetricsAccess LOOPBACK_ONLY = new MetricsAccess(Networks.NONE, null);

    public MetricsAccess {
        Objects.requireNonNull(networks, "networks");
        if (bearerToken != null && bearerToken.length() < 16) {
            throw new IllegalArgumentException("the metrics bearer token must have at least 16 characters");
        }
    }

    /** Whether a scrape from {@code remoteAddress} with the {@code Authorization} header {@code authorization} is allowed. */
    public boolean permits(String remoteAddress, String authorization) {
        Networks allowed = networks.isEmpty() && bearerToken == null ? Networks.LOOPBACK : networks;
        if (allowed.containsLiteral(remoteAddress)) {
            return true;
        }
        return bearerToken != null && authorization != null && authorization.startsWith("Bearer ")
                && MessageDigest.isEqual(bearerToken.getBytes(StandardCharsets.UTF_8),
                        authorization.substring("Bearer ".length()).trim().getBytes(StandardCharsets.UTF_8));
    }

    /** Never shows the token. */
    @Override
    public String toString() {
        return "MetricsAccess[networks=" + networks + ", bearerToken=" + (bearerToken == null ? "none" : "set") + "]";
    }
}
