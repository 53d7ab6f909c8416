package org.servicedomain.node.qos;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntToDoubleFunction;
import org.servicedomain.node.qos.ProportionalFill.Grant;
import org.servicedomain.node.qos.ProportionalFill.Want;

/**
 * The model's bandwidth allocator: reserve class 2's guaranteed minimum, give class 1 its demand,
 * class 2 the rest up to its demand, class 3 what is then left; within a class no flow goes above
 * what its path can carry and flows sharing a node are cut in proportion to demand
 * ({@link ProportionalFill}). Stateless and deterministic: the same input gives the same answer.
 */
public final class BandwidthAllocator {

    /**
     * One allocation per flow, in the order of {@code flows}.
     *
     * @param capacities node → capacity in requests per second
     * @throws IllegalArgumentException naming the flow or node, for input the model cannot allocate
     */
    public List<Allocation> allocate(Map<String, Double> capacities, List<FlowDemand> flows) {
        checkCapacities(capacities);
        List<PathLoad> loads = checkedLoads(capacities, flows);
        Map<String, Double> left = new HashMap<>(capacities);

        Grant[] reserved = ProportionalFill.fill(left, wants(flows, loads, PriorityClass.MIDDLE,
                i -> Math.min(flows.get(i).minimum(), flows.get(i).demand())));
        Grant[] high = ProportionalFill.fill(left, wants(flows, loads, PriorityClass.HIGH, i -> flows.get(i).demand()));
        Grant[] reservedOf = spread(flows, PriorityClass.MIDDLE, reserved);
        Grant[] middle = ProportionalFill.fill(left, wants(flows, loads, PriorityClass.MIDDLE,
                i -> flows.get(i).demand() - reservedOf[i].rate()));
        Grant[] low = ProportionalFill.fill(left, wants(flows, loads, PriorityClass.LOW, i -> flows.get(i).demand()));

        Grant[] highOf = spread(flows, PriorityClass.HIGH, high);
        Grant[] middleOf = spread(flows, PriorityClass.MIDDLE, middle);
        Grant[] lowOf = spread(flows, PriorityClass.LOW, low);
        List<Allocation> allocations = new ArrayList<>(flows.size());
        for (int i = 0; i < flows.size(); i++) {
            FlowDemand flow = flows.get(i);
            allocations.add(switch (flow.priorityClass()) {
                case HIGH -> new Allocation(flow.name(), highOf[i].rate(), highOf[i].boundBy());
                case MIDDLE -> middle(flow, reservedOf[i], middleOf[i]);
                case LOW -> new Allocation(flow.name(), lowOf[i].rate(), lowOf[i].boundBy());
            });
        }
        return List.copyOf(allocations);
    }

    /** A class-2 flow's reservation plus its share of what was left; bound by what stopped the latter. */
    private static Allocation middle(FlowDemand flow, Grant reserved, Grant rest) {
        String boundBy = flow.demand() - reserved.rate() > 0 ? rest.boundBy() : reserved.boundBy();
        return new Allocation(flow.name(), reserved.rate() + rest.rate(), boundBy);
    }

    private static List<Want> wants(List<FlowDemand> flows, List<PathLoad> loads, PriorityClass priorityClass, IntToDoubleFunction rate) {
        List<Want> wants = new ArrayList<>();
        for (int i = 0; i < flows.size(); i++) {
            if (flows.get(i).priorityClass() == priorityClass) {
                wants.add(new Want(loads.get(i), Math.max(0, rate.applyAsDouble(i))));
            }
        }
        return wants;
    }

    /** The grants of one class's flows, placed at the indexes of those flows in {@code flows}. */
    private static Grant[] spread(List<FlowDemand> flows, PriorityClass priorityClass, Grant[] grants) {
        Grant[] byFlow = new Grant[flows.size()];
        int g = 0;
        for (int i = 0; i < flows.size(); i++) {
            if (flows.get(i).priorityClass() == priorityClass) {
                byFlow[i] = grants[g++];
            }
        }
        return byFlow;
    }

    private static void checkCapacities(Map<String, Double> capacities) {
        capacities.forEach((node, capacity) -> {
            if (node == null || node.isBlank()) {
                throw new IllegalArgumentException("a node without a name");
            }
            if (capacity == null || !(capacity > 0) || capacity.isInfinite()) {
                throw new IllegalArgumentException("node " + node
                        + ": capacity must be a positive number of requests per second, not "
                        + (capacity == null ? "missing" : RateText.of(capacity)));
            }
        });
    }

    private static List<PathLoad> checkedLoads(Map<String, Double> capacities, List<FlowDemand> flows) {
        Set<String> names = new HashSet<>();
        List<PathLoad> loads = new ArrayList<>(flows.size());
        for (FlowDemand flow : flows) {
            String name = flow.name();
            if (name.isBlank()) {
                throw new IllegalArgumentException("a flow without a name");
            }
            if (!names.add(name)) {
                throw new IllegalArgumentException("flow " + name + ": named twice");
            }
            checkRate(name, "demand", flow.demand());
            checkRate(name, "minimum", flow.minimum());
            PathLoad load = PathLoad.of(name, flow.path());
            for (String node : load.perUnitRate().keySet()) {
                if (!capacities.containsKey(node)) {
                    throw new IllegalArgumentException("flow " + name + ": unknown node " + node + " in its path");
                }
            }
            checkMinimum(capacities, flow, load);
            loads.add(load);
        }
        return loads;
    }

    private static void checkRate(String flow, String what, double rate) {
        if (!(rate >= 0) || Double.isInfinite(rate)) {
            throw new IllegalArgumentException("flow " + flow + ": " + what + " must be a number of requests per second, 0 or more, not " + RateText.of(rate));
        }
    }

    private static void checkMinimum(Map<String, Double> capacities, FlowDemand flow, PathLoad load) {
        if (flow.minimum() == 0) {
            return;
        }
        if (flow.priorityClass() != PriorityClass.MIDDLE) {
            throw new IllegalArgumentException("flow " + flow.name() + ": a minimum applies only to class 2 (middle), not class "
                    + flow.priorityClass().number());
        }
        double capacity = load.capacity(capacities);
        if (flow.minimum() > capacity) {
            throw new IllegalArgumentException("flow " + flow.name() + ": minimum " + RateText.of(flow.minimum())
                    + " is above the capacity of its path, " + RateText.of(capacity) + " (bound by node " + load.bottleneck(capacities) + ")");
        }
    }
}
