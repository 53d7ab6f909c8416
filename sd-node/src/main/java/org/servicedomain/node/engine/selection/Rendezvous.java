package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.core.Instance;

/**
 * Rendezvous (highest random weight) hashing: ranks each candidate for an owner (a user, a session) on a
 * port by a hash of the three, so that nodes that see the same candidates pick the same one for the same
 * owner without asking each other, owners spread evenly, and a candidate's going moves only its own owners.
 * {@link String#hashCode()} is specified by the language, so every member's JVM ranks alike.
 */
final class Rendezvous {

    private Rendezvous() {
    }

    /** The candidate that ranks highest for {@code owner} on {@code port}, whatever the candidates' order. */
    static Instance pick(List<Instance> candidates, String owner, String port) {
        long seed = ((long) owner.hashCode() << 32) ^ (port.hashCode() & 0xffffffffL);
        Instance best = null;
        long bestRank = 0;
        for (Instance candidate : candidates) {
            long rank = mix(seed ^ mix(candidate.id().hashCode()));
            if (best == null || Long.compareUnsigned(rank, bestRank) > 0) {
                best = candidate;
                bestRank = rank;
            }
        }
        return best;
    }

    /** SplitMix64's finaliser: spreads the bits of {@code z}, so that near hashes rank far apart. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }
}
