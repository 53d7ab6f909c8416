package org.servicedomain.node.engine.admission;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PriorityClassRules;
import org.servicedomain.node.qos.Allocation;
import org.servicedomain.node.qos.AllocationRound;
import org.servicedomain.node.qos.BandwidthAllocator;
import org.servicedomain.node.qos.FlowDemand;
import org.servicedomain.node.qos.FlowRound;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.PathLoad;
import org.servicedomain.node.qos.PortLimits;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.node.qos.PriorityFlows;
import org.servicedomain.node.qos.Route;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the model's allocator on the running node every {@code allocationIntervalMs}: measures each
 * flow's demand (what arrived, or what its waiting and running calls ask for when more), takes each
 * virtual port's capacity from its operational instances, allocates, and reshapes the flows. A flow
 * bound only by its demand is not shaped; the others leak at their allocation. Every tick, each
 * port's dispatch permits follow its instances' adaptive concurrency limits; its dispatch slots run
 * at the capacity administrators declared (or the node's, when lower), an upper bound only. A flow's
 * path is the node, its port, and each child node with a declared capacity that the port's instances
 * reach, with the share of the port's calls that go there; flows of several ports that reach one
 * child so share its capacity, and a flow bound by such a shared node is held to its allocation.
 */
public final class AllocatorRounds implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(AllocatorRounds.class);
    /** How often the rounds look whether an interval has passed, so a new interval applies within this. */
    static final Duration TICK = Duration.ofMillis(50);
    /** The allocator's name for the node itself, the first step of every flow's path. */
    static final String NODE = "node";
    /** The prefix of the allocator's names for child nodes. */
    static final String CHILD_PREFIX = "child:";

    private final PriorityFlows flows;
    private final Supplier<CompiledPolicy> policy;
    private final Supplier<CatalogSnapshot> catalog;
    private final InstanceCapacity capacity;
    private final Function<Instance, Optional<ChildCapacity>> childOf;
    private final Clock clock;
    private final BandwidthAllocator allocator = new BandwidthAllocator();
    private long lastRoundNanos = System.nanoTime();
    private boolean shaped;
    private ScheduledFuture<?> ticking;

    public AllocatorRounds(PriorityFlows flows, Supplier<CompiledPolicy> policy, Supplier<CatalogSnapshot> catalog,
            InstanceCapacity capacity, Function<Instance, Optional<ChildCapacity>> childOf, Clock clock) {
        this.flows = flows;
        this.policy = policy;
        this.catalog = catalog;
        this.capacity = capacity;
        this.childOf = childOf;
        this.clock = clock;
    }

    /** Starts the rounds on the flows' own timer thread. */
    public void start() {
        ticking = flows.timer().scheduleWithFixedDelay(this::tick, TICK.toMillis(), TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void tick() {
        try {
            PriorityClassRules rules = policy.get().priorityClasses();
            long now = System.nanoTime();
            if (!rules.enabled()) {
                unshape();
                lastRoundNanos = now;
                return;
            }
            limitConcurrency();
            if (now - lastRoundNanos >= rules.allocationInterval().toNanos()) {
                round(rules, (now - lastRoundNanos) / 1e9);
                lastRoundNanos = now;
            }
        } catch (RuntimeException e) {
            LOG.error("an allocation round failed; the flows keep their last shapes", e);
        }
    }

    /** Each port may have as many calls at once as its operational instances' limits add up to, read live. */
    private void limitConcurrency() {
        CatalogSnapshot snapshot = catalog.get();
        for (FlowScheduler port : flows.ports()) {
            port.limitConcurrency(capacity.limitsOf(snapshot.operationalInstancesOf(port.virtualPort())));
        }
    }

    /** One round: demands, capacities, allocation, new shapes. */
    void round(PriorityClassRules rules, double seconds) {
        CatalogSnapshot snapshot = catalog.get();
        Map<String, Double> capacities = new HashMap<>();
        List<AllocationRound.PortCapacity> portCapacities = new ArrayList<>();
        Map<String, Double> estimates = new HashMap<>();
        if (!Double.isInfinite(rules.nodeCapacityTps())) {
            capacities.put(NODE, rules.nodeCapacityTps());
        }
        List<FlowDemand> demands = new ArrayList<>();
        List<FlowScheduler> schedulers = flows.ports();
        for (FlowScheduler port : schedulers) {
            AllocationRound.PortCapacity portCapacity = portCapacity(snapshot, port.virtualPort(), estimates);
            portCapacities.add(portCapacity);
            List<Route> path = new ArrayList<>();
            if (capacities.containsKey(NODE)) {
                path.add(new Route.Node(NODE));
            }
            if (!Double.isInfinite(portCapacity.capacityTps())) {
                capacities.put(portName(port.virtualPort()), portCapacity.capacityTps());
                path.add(new Route.Node(portName(port.virtualPort())));
            }
            path.addAll(childShares(snapshot, port.virtualPort(), capacities));
            double pathCapacity = path.isEmpty() ? Double.POSITIVE_INFINITY
                    : PathLoad.of(port.virtualPort(), path).capacity(capacities);
            Map<PriorityClass, FlowRound> rounds = port.takeRound();
            FlowRound high = rounds.get(PriorityClass.HIGH);
            port.reserveForHigh(permitsHeld(high, seconds), high.demandTps(seconds));
            rounds.forEach((priorityClass, flowRound) -> {
                double demand = flowRound.demandTps(seconds);
                if (demand > 0) {
                    double minimum = priorityClass == PriorityClass.MIDDLE ? Math.min(rules.middleMinimumTps(port.virtualPort()), pathCapacity) : 0;
                    demands.add(new FlowDemand(flowName(port.virtualPort(), priorityClass), priorityClass, demand, minimum, path));
                }
            });
        }
        List<Allocation> allocations = allocate(capacities, demands);
        apply(schedulers, demands, allocations, portCapacities, estimates, rules.nodeCapacityTps());
    }

    /**
     * A share of the port's path for each child node with a declared capacity that its operational
     * instances stand for: the part of the port's calls that reach the child, by the instances'
     * capacities when all are known, else one part per instance.
     */
    private List<Route> childShares(CatalogSnapshot snapshot, String virtualPort, Map<String, Double> capacities) {
        List<Instance> instances = snapshot.operationalInstancesOf(virtualPort);
        boolean byCapacity = instances.stream().allMatch(i -> capacity.of(i).known());
        Map<String, Double> partOfChild = new LinkedHashMap<>();
        double whole = 0;
        for (Instance instance : instances) {
            double part = byCapacity ? capacity.of(instance).tps() : 1;
            whole += part;
            Optional<ChildCapacity> child = childOf.apply(instance);
            if (child.isPresent()) {
                capacities.put(childName(child.get().child()), child.get().tps());
                partOfChild.merge(childName(child.get().child()), part, Double::sum);
            }
        }
        List<Route> shares = new ArrayList<>();
        for (Map.Entry<String, Double> child : partOfChild.entrySet()) {
            if (child.getValue() > 0) {
                shares.add(new Route.Share(child.getKey(), Math.min(1, child.getValue() / whole)));
            }
        }
        return shares;
    }

    private List<Allocation> allocate(Map<String, Double> capacities, List<FlowDemand> demands) {
        List<FlowDemand> constrained = demands.stream().filter(d -> !d.path().isEmpty()).toList();
        Map<String, Allocation> byName = new HashMap<>();
        allocator.allocate(capacities, constrained).forEach(a -> byName.put(a.name(), a));
        List<Allocation> all = new ArrayList<>(demands.size());
        for (FlowDemand d : demands) {
            all.add(byName.getOrDefault(d.name(), new Allocation(d.name(), d.demand(), Allocation.DEMAND)));
        }
        return all;
    }

    private void apply(List<FlowScheduler> schedulers, List<FlowDemand> demands, List<Allocation> allocations,
            List<AllocationRound.PortCapacity> portCapacities, Map<String, Double> estimates, double nodeCapacity) {
        List<AllocationRound.FlowAllocation> recorded = new ArrayList<>();
        Map<String, Allocation> byName = new HashMap<>();
        Map<String, Double> demandOf = new HashMap<>();
        for (int i = 0; i < demands.size(); i++) {
            byName.put(demands.get(i).name(), allocations.get(i));
            demandOf.put(demands.get(i).name(), demands.get(i).demand());
        }
        for (int p = 0; p < schedulers.size(); p++) {
            FlowScheduler port = schedulers.get(p);
            Map<PriorityClass, Double> rates = new EnumMap<>(PriorityClass.class);
            Map<PriorityClass, Double> weights = new EnumMap<>(PriorityClass.class);
            Set<PriorityClass> heldToRate = EnumSet.noneOf(PriorityClass.class);
            AllocationRound.PortCapacity portCapacity = portCapacities.get(p);
            double capacityTps = Math.min(portCapacity.capacityTps(), nodeCapacity);
            double slotRate = portCapacity.estimated() ? nodeCapacity : capacityTps;
            for (PriorityClass c : PriorityClass.values()) {
                Allocation a = byName.get(flowName(port.virtualPort(), c));
                if (a != null) {
                    boolean demandBound = Allocation.DEMAND.equals(a.boundBy());
                    rates.put(c, demandBound ? Double.POSITIVE_INFINITY : a.allocation());
                    if (boundByASharedNode(a.boundBy())) {
                        heldToRate.add(c);
                    }
                    weights.put(c, weight(a, demandBound, capacityTps));
                    recorded.add(new AllocationRound.FlowAllocation(port.virtualPort(), c, demandOf.get(a.name()), a.allocation(),
                            boundBy(a.boundBy())));
                }
            }
            port.holdToRate(heldToRate);
            port.reshape(rates, weights, slotRate);
        }
        flows.recordRound(new AllocationRound(clock.instant(), recorded, portCapacities, estimates));
        shaped = true;
    }

    /**
     * A flow's weight in the fair queue: its allocation; but a flow held back by nothing but its own
     * demand weighs the whole port, so that it never waits for slots behind flows held below theirs
     * (its demand already fits, and a closed-loop client slowed by such waits would lower the very
     * demand the next round measures).
     */
    private static double weight(Allocation a, boolean demandBound, double capacityTps) {
        if (demandBound && !Double.isInfinite(capacityTps)) {
            return Math.max(capacityTps, a.allocation());
        }
        return Math.max(a.allocation(), 1e-3);
    }

    /** The permits a flow's demand holds at once (Little's law), so many kept for it; 0 before any of its calls ended. */
    private static int permitsHeld(FlowRound round, double seconds) {
        double serviceSeconds = round.meanServiceSeconds();
        return serviceSeconds > 0 ? (int) Math.ceil(round.demandTps(seconds) * serviceSeconds) : round.inService();
    }

    /** With priority classes gone from the policy, every flow lets its requests go. */
    private void unshape() {
        if (!shaped) {
            return;
        }
        for (FlowScheduler port : flows.ports()) {
            port.reshape(Map.of(), Map.of(), Double.POSITIVE_INFINITY);
            port.limitConcurrency(PortLimits.UNBOUNDED);
            port.reserveForHigh(0, 0);
            port.holdToRate(Set.of());
        }
        flows.recordRound(AllocationRound.NONE);
        shaped = false;
    }

    /** The sum of the port's operational instances' capacities; infinite when one of them is not known yet. */
    private AllocationRound.PortCapacity portCapacity(CatalogSnapshot snapshot, String virtualPort, Map<String, Double> estimates) {
        double total = 0;
        boolean estimated = false;
        List<Instance> instances = snapshot.operationalInstancesOf(virtualPort);
        for (Instance instance : instances) {
            InstanceCapacity.Capacity c = capacity.of(instance);
            if (c.estimated() && c.known()) {
                estimates.put(instance.id(), c.tps());
            }
            total += c.tps();
            estimated |= c.estimated();
        }
        boolean known = !instances.isEmpty() && !Double.isNaN(total);
        return new AllocationRound.PortCapacity(virtualPort, known ? total : Double.POSITIVE_INFINITY, estimated);
    }

    /** Whether the allocator's name is a node other ports' flows pass too: the node itself or a child. */
    private static boolean boundByASharedNode(String allocatorName) {
        return NODE.equals(allocatorName) || allocatorName.startsWith(CHILD_PREFIX);
    }

    /** The allocator's names: "node", "child:NAME" or "port:NAME"; operators see the port's own name. */
    private static String boundBy(String allocatorName) {
        return allocatorName.startsWith("port:") ? allocatorName.substring("port:".length()) : allocatorName;
    }

    private static String portName(String virtualPort) {
        return "port:" + virtualPort;
    }

    private static String childName(String child) {
        return CHILD_PREFIX + child;
    }

    private static String flowName(String virtualPort, PriorityClass c) {
        return virtualPort + "/" + c.name();
    }

    @Override
    public void close() {
        if (ticking != null) {
            ticking.cancel(false);
        }
    }
}
