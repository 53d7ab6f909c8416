package org.servicedomain.node.policy;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The peer nodes a policy names and how this node works with them: the capacity its load index is
 * measured against, the load index above which it offloads new requests (null: never), and how
 * often it fetches the peers' load reports.
 *
 * @param peers the peers' home-port addresses
 */
public record PeerSettings(List<URI> peers, int capacity, Double offloadThreshold, Duration refresh) {

    public static final int DEFAULT_CAPACITY = 100;
    public static final Duration DEFAULT_REFRESH = Duration.ofSeconds(1);
    public static final PeerSettings NONE = new PeerSettings(List.of(), DEFAULT_CAPACITY, null, DEFAULT_REFRESH);

    public PeerSettings {
        peers = List.copyOf(peers);
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive but was " + capacity);
        }
        if (offloadThreshold != null && !(offloadThreshold > 0)) {
            throw new IllegalArgumentException("offloadThreshold must be positive but was " + offloadThreshold);
        }
    }

    /** These settings with {@code others} as the peers: a cluster's members instead of the policy's list. */
    public PeerSettings withPeers(List<URI> others) {
        return new PeerSettings(others, capacity, offloadThreshold, refresh);
    }

    public boolean offloads() {
        return offloadThreshold != null && !peers.isEmpty();
    }
}
