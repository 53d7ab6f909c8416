package org.servicedomain.node.qos;

import java.util.List;
import java.util.Objects;

/**
 * What a flow asks of the allocator: its class, the rate it demands (requests per second), the rate
 * guaranteed to it ({@code minimum}, meaningful for {@link PriorityClass#MIDDLE} only, 0 otherwise)
 * and the path its requests take.
 */
public record FlowDemand(String name, PriorityClass priorityClass, double demand, double minimum, List<Route> path) {

    public FlowDemand {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(priorityClass, "priorityClass");
        path = List.copyOf(path);
    }
}
