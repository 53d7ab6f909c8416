package org.servicedomain.node.qos;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One step of a flow's path. The load a flow of rate r puts on a node, and so the node's share of
 * the flow's path capacity, follows from the step: see {@link PathLoad}.
 */
public sealed interface Route {

    /** A node every request passes (a pipeline stage): load r. */
    record Node(String name) implements Route {
        public Node {
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * A content-based split: each request goes to exactly one of the nodes, with these
     * probabilities (summing to 1): load r·p on each. The order given is kept.
     */
    record Split(Map<String, Double> probabilities) implements Route {
        public Split {
            probabilities = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(probabilities, "probabilities")));
        }
    }

    /** A recipient list: each request goes to every one of the nodes: load r on each. */
    record All(List<String> recipients) implements Route {
        public All {
            recipients = List.copyOf(recipients);
        }
    }

    /**
     * A node only part of the flow's requests pass: load r·{@code fraction}. A running node puts a
     * child node on a port's path this way, with the fraction of the port's instances that stand for the
     * child's ports, so flows of several ports that reach one child share its capacity.
     */
    record Share(String node, double fraction) implements Route {
        public Share {
            Objects.requireNonNull(node, "node");
        }
    }

    /**
     * An aggregation: each request goes to every one of the k sources (load r on each), and their k
     * messages are combined by the node of the next step, which therefore receives k·r: its capacity
     * for the flow is divided by k. The next step, if any, must be a {@link Node}.
     */
    record Aggregate(List<String> sources) implements Route {
        public Aggregate {
            sources = List.copyOf(sources);
        }
    }
}
