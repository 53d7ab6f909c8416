package org.servicedomain.node.engine.monitor;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Counts requests, failures and latency per instance, for {@code getServiceInfo} and operators, and
 * tracks each instance's requests in flight and recent response time for the load-aware directives.
 */
public final class InstanceMonitor implements RequestListener, InstanceLoad {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceMonitor.class);

    /** How much one new answer moves the recent response time: the weight of the moving average. */
    static final double LATENCY_ALPHA = 0.2;
    /** What a failed dispatch counts as in the moving average, so that an instance that only fails never looks fastest. */
    static final double FAILURE_LATENCY_MS = 10_000;

    private static final long UNMEASURED = Double.doubleToRawLongBits(Double.NaN);

    /**
     * What the monitor has seen of one instance since the node started.
     *
     * @param outstanding requests dispatched to the instance and not yet answered
     */
    public record InstanceStats(long requests, long failures, double meanLatencyMs, int outstanding) {
        static final InstanceStats NONE = new InstanceStats(0, 0, 0.0, 0);
    }

    private static final class Counters {
        final LongAdder requests = new LongAdder();
        final LongAdder failures = new LongAdder();
        final LongAdder nanos = new LongAdder();
        final AtomicInteger outstanding = new AtomicInteger();
        /** The bits of the moving average of latency in milliseconds; NaN until the first dispatch ends. */
        final AtomicLong recentLatencyBits = new AtomicLong(UNMEASURED);
        /** Whether the last dispatch failed: the log says when an instance starts and stops failing, not every time. */
        final AtomicBoolean failing = new AtomicBoolean();
    }

    private final Map<String, Counters> counters = new ConcurrentHashMap<>();

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        countersOf(instance.id()).outstanding.incrementAndGet();
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        Counters c = countersOf(instance.id());
        answered(c);
        c.requests.increment();
        c.nanos.add(nanos);
        recordLatency(c, nanos / 1_000_000.0);
        if (c.failing.compareAndSet(true, false)) {
            LOG.info("instance {} at {} answers again", instance.id(), instance.endpointAddress());
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        Counters c = countersOf(instance.id());
        answered(c);
        c.requests.increment();
        c.failures.increment();
        c.nanos.add(nanos);
        recordLatency(c, FAILURE_LATENCY_MS);
        if (c.failing.compareAndSet(false, true)) {
            LOG.warn("instance {} at {} is failing: {}", instance.id(), instance.endpointAddress(), failure.getMessage());
        } else {
            LOG.debug("instance {} at {} failed again: {}", instance.id(), instance.endpointAddress(), failure.getMessage());
        }
    }

    @Override
    public int outstanding(String instanceId) {
        Counters c = counters.get(instanceId);
        return c == null ? 0 : c.outstanding.get();
    }

    /** The moving average of the instance's response times, a failure counted as {@value #FAILURE_LATENCY_MS} ms. */
    @Override
    public double recentLatencyMs(String instanceId) {
        Counters c = counters.get(instanceId);
        return c == null ? Double.NaN : Double.longBitsToDouble(c.recentLatencyBits.get());
    }

    /** The recent response time of every measured instance, by instance id: what {@link SavedLatencies} saves. */
    public Map<String, Double> recentLatencies() {
        Map<String, Double> latencies = new TreeMap<>();
        counters.forEach((id, c) -> {
            double latency = Double.longBitsToDouble(c.recentLatencyBits.get());
            if (!Double.isNaN(latency)) {
                latencies.put(id, latency);
            }
        });
        return latencies;
    }

    /**
     * Takes back saved recent response times, so that {@code fastest} keeps what it measured before a
     * restart; an instance measured since the start keeps its new figure.
     */
    public void restoreRecentLatencies(Map<String, Double> latencies) {
        latencies.forEach((id, latency) -> {
            if (latency != null && latency >= 0 && !latency.isInfinite()) {
                countersOf(id).recentLatencyBits.compareAndSet(UNMEASURED, Double.doubleToRawLongBits(latency));
            }
        });
    }

    /** Drops the counters of the instances not in {@code instanceIds}, e.g. those no longer in the catalog. */
    public void retainInstances(Set<String> instanceIds) {
        counters.keySet().retainAll(instanceIds);
    }

    /** Drops the counters of an instance that left the catalog. */
    public void forget(String instanceId) {
        counters.remove(instanceId);
    }

    public InstanceStats statsOf(String instanceId) {
        Counters c = counters.get(instanceId);
        if (c == null) {
            return InstanceStats.NONE;
        }
        long requests = c.requests.sum();
        double mean = requests == 0 ? 0.0 : c.nanos.sum() / 1_000_000.0 / requests;
        return new InstanceStats(requests, c.failures.sum(), mean, c.outstanding.get());
    }

    /**
     * One request fewer in flight; never below zero, so that a stray answer event cannot
     * make an instance look less than idle.
     */
    private static void answered(Counters c) {
        c.outstanding.updateAndGet(n -> n > 0 ? n - 1 : 0);
    }

    private static void recordLatency(Counters c, double latencyMs) {
        long seen;
        long updated;
        do {
            seen = c.recentLatencyBits.get();
            double recent = Double.longBitsToDouble(seen);
            double next = Double.isNaN(recent) ? latencyMs : recent + LATENCY_ALPHA * (latencyMs - recent);
            updated = Double.doubleToRawLongBits(next);
        } while (!c.recentLatencyBits.compareAndSet(seen, updated));
    }

    private Counters countersOf(String instanceId) {
        Counters c = counters.get(instanceId); // no bin lock on the hot path once the instance is known
        return c != null ? c : counters.computeIfAbsent(instanceId, id -> new Counters());
    }
}
