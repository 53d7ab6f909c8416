package org.servicedomain.node.qos;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * What one round of the allocator measured and decided: every flow's demand and allocation with
 * what bound it, the capacity it assumed for each virtual port, and the capacities it estimated
 * for instances (by instance id) that have none set.
 */
public record AllocationRound(Instant at, List<FlowAllocation> flows, List<PortCapacity> capacities,
        Map<String, Double> estimatedInstanceTps) {

    public static final AllocationRound NONE = new AllocationRound(Instant.EPOCH, List.of(), List.of(), Map.of());

    public AllocationRound {
        flows = List.copyOf(flows);
        capacities = List.copyOf(capacities);
        estimatedInstanceTps = Map.copyOf(estimatedInstanceTps);
    }

    /** One flow: a class on a virtual port. {@code boundBy} is "demand" or the node or port that limited it. */
    public record FlowAllocation(String virtualPort, PriorityClass priorityClass, double demandTps,
            double allocationTps, String boundBy) {
    }

    /**
     * The capacity assumed for a virtual port: the sum over its operational instances, each set by
     * an administrator or estimated; infinite when some instance could not be estimated yet.
     */
    public record PortCapacity(String virtualPort, double capacityTps, boolean estimated) {
    }
}
