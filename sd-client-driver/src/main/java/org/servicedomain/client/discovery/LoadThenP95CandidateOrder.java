package org.servicedomain.client.discovery;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The default order: lowest load index first, then lowest p95, by the quality scopes a node
 * publishes; targets without them come last, in the order found.
 */
public final class LoadThenP95CandidateOrder implements CandidateOrder {

    @Override
    public List<Target> order(List<Target> candidates) {
        List<Target> ordered = new ArrayList<>(candidates);
        ordered.sort(Comparator.comparingDouble((Target t) -> t.load().orElse(Double.MAX_VALUE))
                .thenComparingDouble(t -> t.p95Ms().orElse(Double.MAX_VALUE)));
        return ordered;
    }
}
