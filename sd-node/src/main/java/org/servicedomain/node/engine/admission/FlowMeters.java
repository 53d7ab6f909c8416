package org.servicedomain.node.engine.admission;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import org.servicedomain.node.engine.monitor.MetricsListener;
import org.servicedomain.node.qos.AllocationRound;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.FlowStatus;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * Exports the priority classes' flows at {@code /sd/metrics}, per virtual port and class, from the
 * moment a port sees its first classed request: queue length, requests admitted, dropped and timed
 * out, and the last round's demand and allocation. Read when scraped.
 */
public final class FlowMeters {

    /** {@code sd_qos_queued_requests}: requests waiting in the flow's queue. */
    public static final String QUEUED = "sd.qos.queued.requests";
    /** {@code sd_qos_admitted_total}, {@code sd_qos_dropped_total}, {@code sd_qos_timed_out_total}. */
    public static final String ADMITTED = "sd.qos.admitted";
    public static final String DROPPED = "sd.qos.dropped";
    public static final String TIMED_OUT = "sd.qos.timed.out";
    /** {@code sd_qos_demand_tps} and {@code sd_qos_allocation_tps}: the last allocation round's figures. */
    public static final String DEMAND = "sd.qos.demand.tps";
    public static final String ALLOCATION = "sd.qos.allocation.tps";
    public static final String CLASS_TAG = "class";
    /** {@code sd_qos_in_service_requests}: the flow's calls let on and not yet answered. */
    public static final String IN_SERVICE = "sd.qos.in.service.requests";
    /** {@code sd_qos_concurrency_limit_requests}: how many calls the port may have at once (its instances' adaptive limits). */
    public static final String CONCURRENCY_LIMIT = "sd.qos.concurrency.limit.requests";
    /**
     * {@code sd_qos_known_good_limit_requests}: the calls the port's instances were seen serving at
     * once without queueing, which the high class stays within while other classes' calls are out;
     * NaN until every instance's was measured.
     */
    public static final String KNOWN_GOOD_LIMIT = "sd.qos.known.good.limit.requests";

    private FlowMeters() {
    }

    /** Registers the meters of every port {@code flows} comes to hold. */
    public static void bind(MeterRegistry registry, PriorityFlows flows) {
        flows.onNewPort(port -> register(registry, flows, port));
    }

    private static void register(MeterRegistry registry, PriorityFlows flows, FlowScheduler port) {
        Gauge.builder(CONCURRENCY_LIMIT, port, p -> p.concurrency() == Integer.MAX_VALUE ? Double.NaN : p.concurrency())
                .tags(MetricsListener.PORT_TAG, port.virtualPort())
                .description("Calls the port's instances may hold at once, by their adaptive concurrency limits")
                .register(registry);
        Gauge.builder(KNOWN_GOOD_LIMIT, port, p -> p.knownGoodConcurrency() < 0 ? Double.NaN : p.knownGoodConcurrency())
                .tags(MetricsListener.PORT_TAG, port.virtualPort())
                .description("Calls the port's instances were seen serving at once without queueing; the high class's bound"
                        + " while other classes' calls are out")
                .register(registry);
        for (PriorityClass c : PriorityClass.values()) {
            String[] tags = {MetricsListener.PORT_TAG, port.virtualPort(), CLASS_TAG, c.name().toLowerCase(Locale.ROOT)};
            Gauge.builder(QUEUED, port, p -> status(p, c).queued()).tags(tags)
                    .description("Requests waiting in the flow's queue").register(registry);
            Gauge.builder(IN_SERVICE, port, p -> status(p, c).inService()).tags(tags)
                    .description("The flow's calls let on and not yet answered").register(registry);
            FunctionCounter.builder(ADMITTED, port, p -> status(p, c).admitted()).tags(tags)
                    .description("Requests the flow let on to dispatch").register(registry);
            FunctionCounter.builder(DROPPED, port, p -> status(p, c).dropped()).tags(tags)
                    .description("Requests refused Overloaded because the flow's queue was full").register(registry);
            FunctionCounter.builder(TIMED_OUT, port, p -> status(p, c).timedOut()).tags(tags)
                    .description("Requests answered Timeout while they waited in the flow's queue").register(registry);
            Gauge.builder(DEMAND, flows, f -> allocation(f, port, c).demandTps()).tags(tags)
                    .description("The flow's demand in the last allocation round, requests per second").register(registry);
            Gauge.builder(ALLOCATION, flows, f -> allocation(f, port, c).allocationTps()).tags(tags)
                    .description("The flow's allocation in the last round, requests per second").register(registry);
        }
    }

    private static FlowStatus status(FlowScheduler port, PriorityClass c) {
        return port.status().get(c.ordinal());
    }

    private static AllocationRound.FlowAllocation allocation(PriorityFlows flows, FlowScheduler port, PriorityClass c) {
        return flows.lastRound().flows().stream()
                .filter(f -> f.virtualPort().equals(port.virtualPort()) && f.priorityClass() == c).findFirst()
                .orElse(new AllocationRound.FlowAllocation(port.virtualPort(), c, 0, 0, "demand"));
    }
}
