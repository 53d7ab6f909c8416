package org.servicedomain.node.policy;

import java.net.URI;
import java.time.Duration;
import java.util.List;

/**
 * The peer nodes a policy names and how this node works with them: the capacity its load index is
 * measured against, the load index above which it offloads new requests (null: never), and how
 * often it fetches the peers' load reports; on a member of a cluster also by how much lower another
 * member's load index must be for a new session to be placed there (docs/cluster.md, Placement).
 *
 * @param peers the peers' home-port addresses
 * @param placementMargin how much lower, at least (exclusive), another member's load index must be to open a new session there
 */
public record PeerSettings(List<URI> peers, int capacity, Double offloadThreshold, Duration refresh, double placementMargin) {

    public static final int DEFAULT_CAPACITY = 100;
    public static final Duration DEFAULT_REFRESH = Duration.ofSeconds(1);
    public static final double DEFAULT_PLACEMENT_MARGIN = 0.25;
    public static final PeerSettings NONE = new PeerSettings(List.of(), DEFAULT_CAPACITY, null, DEFAULT_REFRESH);

    public PeerSettings {
        peers = List.copyOf(peers);
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive but was " + capacity);
        }
        if (offloadThreshold != null && !(offloadThreshold > 0)) {
            throw new IllegalArgumentException("offloadThreshold must be positive but was " + offloadThreshold);
        }
        if (!(placementMargin >= 0)) {
            throw new IllegalArgumentException("placementMargin must be 0 or more but was " + placementMargin);
        }
    }

    /** Settings with the default placement margin. */
    public PeerSettings(List<URI> peers, int capacity, Double offloadThreshold, Duration refresh) {
        this(peers, capacity, offloadThreshold, refresh, DEFAULT_PLACEMENT_MARGIN);
    }

    /** These settings with {@code others} as the peers: a cluster's members instead of the policy's list. */
    public PeerSettings withPeers(List<URI> others) {
        return new PeerSettings(others, capacity, offloadThreshold, refresh, placementMargin);
    }

    public boolean offloads() {
        return offloadThreshold != null && !peers.isEmpty();
    }
}
