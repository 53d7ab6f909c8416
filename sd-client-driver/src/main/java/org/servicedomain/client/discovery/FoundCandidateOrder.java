package org.servicedomain.client.discovery;

import java.util.List;

/** Tries targets in the order they were first heard of (probe answers, then Hellos): no preference. */
public final class FoundCandidateOrder implements CandidateOrder {

    @Override
    public List<Target> order(List<Target> candidates) {
        return List.copyOf(candidates);
    }
}
