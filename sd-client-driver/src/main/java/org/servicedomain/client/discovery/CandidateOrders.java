package org.servicedomain.client.discovery;

import java.util.Map;
import java.util.Set;

/** The best-endpoint policies by name, for configuration that names one ({@code load-then-p95} is the default). */
public final class CandidateOrders {

    public static final String DEFAULT = "load-then-p95";

    private static final Map<String, CandidateOrder> BY_NAME = Map.of(
            DEFAULT, new LoadThenP95CandidateOrder(),
            "as-found", new FoundCandidateOrder());

    private CandidateOrders() {
    }

    /** The policy called {@code name}. */
    public static CandidateOrder named(String name) {
        CandidateOrder order = BY_NAME.get(name);
        if (order == null) {
            throw new IllegalArgumentException("no candidate order " + name + "; known: " + names());
        }
        return order;
    }

    public static Set<String> names() {
        return new java.util.TreeSet<>(BY_NAME.keySet());
    }
}
