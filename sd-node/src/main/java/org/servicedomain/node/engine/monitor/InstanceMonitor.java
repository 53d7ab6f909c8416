package org.servicedomain.node.engine.monitor;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.engine.RequestContext;
import org.servicedomain.node.rendering.DispatchException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Counts requests, failures and latency per instance, for {@code getServiceInfo} and operators. */
public final class InstanceMonitor implements EngineListener {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceMonitor.class);

    /** What the monitor has seen of one instance since the node started. */
    public record InstanceStats(long requests, long failures, double meanLatencyMs) {
        static final InstanceStats NONE = new InstanceStats(0, 0, 0.0);
    }

    private static final class Counters {
        final LongAdder requests = new LongAdder();
        final LongAdder failures = new LongAdder();
        final LongAdder nanos = new LongAdder();
    }

    private final Map<String, Counters> counters = new ConcurrentHashMap<>();

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        Counters c = countersOf(instance.id());
        c.requests.increment();
        c.nanos.add(nanos);
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        Counters c = countersOf(instance.id());
        c.requests.increment();
        c.failures.increment();
        c.nanos.add(nanos);
        LOG.warn("instance {} at {} failed: {}", instance.id(), instance.endpointAddress(), failure.getMessage());
    }

    public InstanceStats statsOf(String instanceId) {
        Counters c = counters.get(instanceId);
        if (c == null) {
            return InstanceStats.NONE;
        }
        long requests = c.requests.sum();
        double mean = requests == 0 ? 0.0 : c.nanos.sum() / 1_000_000.0 / requests;
        return new InstanceStats(requests, c.failures.sum(), mean);
    }

    private Counters countersOf(String instanceId) {
        return counters.computeIfAbsent(instanceId, id -> new Counters());
    }
}
