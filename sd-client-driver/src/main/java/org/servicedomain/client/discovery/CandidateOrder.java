package org.servicedomain.client.discovery;

import java.util.List;

/**
 * The best-endpoint policy of a {@link DiscoveringClient}: puts the candidate targets in the order
 * the client tries them. Called whenever the candidates change, not per call; must not block.
 */
@FunctionalInterface
public interface CandidateOrder {

    /** {@code candidates} (each has at least one XAddr), best first; a new list. */
    List<Target> order(List<Target> candidates);
}
