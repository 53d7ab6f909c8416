package org.servicedomain.node.qos;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The load one unit of a flow's rate puts on each node of its path: 1 on a pipeline node, p on a
 * node a split reaches with probability p, f on a node a share f of the requests pass, 1 on each
 * recipient of an {@code all} and on each source of an {@code aggregate}, and k on the node after an
 * aggregate of k sources. A node the path reaches twice carries the sum. The path's capacity
 * follows: the smallest capacity ÷ load.
 */
public final class PathLoad {

    /** How far split probabilities may sum from 1. */
    static final double PROBABILITY_TOLERANCE = 1e-9;

    private final Map<String, Double> perUnitRate;

    private PathLoad(Map<String, Double> perUnitRate) {
        this.perUnitRate = perUnitRate;
    }

    /** The load of {@code flow}'s path; a malformed path is refused naming the flow. */
    public static PathLoad of(String flow, List<Route> path) {
        if (path.isEmpty()) {
            throw new IllegalArgumentException("flow " + flow + ": empty path");
        }
        Map<String, Double> load = new LinkedHashMap<>();
        for (int i = 0; i < path.size(); i++) {
            Route step = path.get(i);
            if (step instanceof Route.Node node) {
                add(flow, load, node.name(), 1);
            } else if (step instanceof Route.Split split) {
                addSplit(flow, load, split);
            } else if (step instanceof Route.Share share) {
                addShare(flow, load, share);
            } else if (step instanceof Route.All all) {
                addEach(flow, load, all.recipients(), "all");
            } else if (step instanceof Route.Aggregate aggregate) {
                addEach(flow, load, aggregate.sources(), "aggregate");
                if (i + 1 < path.size()) {
                    if (!(path.get(i + 1) instanceof Route.Node combiner)) {
                        throw new IllegalArgumentException("flow " + flow
                                + ": an aggregate must be followed by the node that combines its messages, or end the path");
                    }
                    add(flow, load, combiner.name(), aggregate.sources().size());
                    i++;
                }
            } else {
                throw new IllegalArgumentException("flow " + flow + ": a path step that is missing");
            }
        }
        return new PathLoad(Collections.unmodifiableMap(load));
    }

    private static void addSplit(String flow, Map<String, Double> load, Route.Split split) {
        if (split.probabilities().isEmpty()) {
            throw new IllegalArgumentException("flow " + flow + ": a split with no nodes");
        }
        double sum = 0;
        for (Map.Entry<String, Double> branch : split.probabilities().entrySet()) {
            Double p = branch.getValue();
            if (p == null || !(p >= 0 && p <= 1)) {
                throw new IllegalArgumentException("flow " + flow + ": split probability of " + branch.getKey()
                        + " must be between 0 and 1, not " + (p == null ? "missing" : RateText.of(p)));
            }
            sum += p;
        }
        if (Math.abs(sum - 1) > PROBABILITY_TOLERANCE) {
            throw new IllegalArgumentException("flow " + flow + ": split probabilities sum to " + RateText.of(sum) + ", not 1");
        }
        split.probabilities().forEach((node, p) -> add(flow, load, node, p));
    }

    private static void addShare(String flow, Map<String, Double> load, Route.Share share) {
        double fraction = share.fraction();
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("flow " + flow + ": the share of its requests that pass " + share.node()
                    + " must be above 0 and at most 1, not " + RateText.of(fraction));
        }
        add(flow, load, share.node(), fraction);
    }

    private static void addEach(String flow, Map<String, Double> load, List<String> nodes, String kind) {
        if (nodes.isEmpty()) {
            throw new IllegalArgumentException("flow " + flow + ": " + kind + " with no nodes");
        }
        nodes.forEach(node -> add(flow, load, node, 1));
    }

    private static void add(String flow, Map<String, Double> load, String node, double rate) {
        if (node == null || node.isBlank()) {
            throw new IllegalArgumentException("flow " + flow + ": a node without a name in its path");
        }
        load.merge(node, rate, Double::sum);
    }

    /** Node → load per unit of the flow's rate, in the order the path first reaches each node. */
    public Map<String, Double> perUnitRate() {
        return perUnitRate;
    }

    /** The highest rate the path can carry alone: the smallest capacity ÷ load over its nodes. */
    public double capacity(Map<String, Double> capacities) {
        double capacity = Double.POSITIVE_INFINITY;
        for (Map.Entry<String, Double> node : perUnitRate.entrySet()) {
            if (node.getValue() > 0) {
                capacity = Math.min(capacity, capacities.get(node.getKey()) / node.getValue());
            }
        }
        return capacity;
    }

    /** The first node on the path whose capacity ÷ load is {@link #capacity(Map)}. */
    public String bottleneck(Map<String, Double> capacities) {
        double capacity = capacity(capacities);
        return perUnitRate.entrySet().stream()
                .filter(node -> node.getValue() > 0 && capacities.get(node.getKey()) / node.getValue() <= capacity)
                .map(Map.Entry::getKey).findFirst().orElseThrow();
    }
}
