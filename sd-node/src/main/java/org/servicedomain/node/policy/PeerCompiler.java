package org.servicedomain.node.policy;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.servicedomain.policy.v1.Peer;
import org.servicedomain.policy.v1.Peers;

/** Compiles a policy's peers element, refusing addresses that are not absolute http(s) URLs. */
final class PeerCompiler {

    static final int MAX_CAPACITY = 1_000_000;
    static final long MIN_REFRESH_MS = 50;

    private PeerCompiler() {
    }

    static PeerSettings peers(Peers element) {
        if (element == null) {
            return PeerSettings.NONE;
        }
        List<URI> addresses = new ArrayList<>();
        for (Peer peer : element.getPeer()) {
            addresses.add(address(peer));
        }
        if (element.getCapacity() != null && element.getCapacity().longValue() > MAX_CAPACITY) {
            throw PolicyErrors.at(element, "capacity must be at most " + MAX_CAPACITY + " but was " + element.getCapacity());
        }
        int capacity = element.getCapacity() == null ? PeerSettings.DEFAULT_CAPACITY : element.getCapacity().intValue();
        Double threshold = element.getOffloadThreshold() == null ? null : element.getOffloadThreshold().doubleValue();
        Duration refresh = PeerSettings.DEFAULT_REFRESH;
        if (element.getRefreshMs() != null) {
            if (element.getRefreshMs().longValue() < MIN_REFRESH_MS || element.getRefreshMs().longValue() > RuleCompiler.MAX_TIMEOUT_MS) {
                throw PolicyErrors.at(element, "refreshMs must be between " + MIN_REFRESH_MS + " and "
                        + RuleCompiler.MAX_TIMEOUT_MS + " but was " + element.getRefreshMs());
            }
            refresh = Duration.ofMillis(element.getRefreshMs().longValue());
        }
        double margin = element.getPlacementMargin() == null ? PeerSettings.DEFAULT_PLACEMENT_MARGIN
                : element.getPlacementMargin().doubleValue();
        return new PeerSettings(addresses, capacity, threshold, refresh, margin);
    }

    private static URI address(Peer peer) {
        try {
            URI uri = new URI(peer.getAddress());
            if (!uri.isAbsolute() || !("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null) {
                throw PolicyErrors.at(peer, "peer address must be an absolute http or https URL but was " + peer.getAddress());
            }
            return uri;
        } catch (URISyntaxException e) {
            throw PolicyErrors.at(peer, "peer address is not a URL: " + e.getMessage());
        }
    }
}
