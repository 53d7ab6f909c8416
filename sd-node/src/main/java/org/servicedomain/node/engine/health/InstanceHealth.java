package org.servicedomain.node.engine.health;

import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.EngineListener;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.policy.HealthRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Outlier ejection: an instance that fails the policy's number of dispatches in a row, or (when the
 * policy sets a ratio) too large a share of its dispatches over the window, is ejected (lookup
 * skips it while others are left) and probed in the background with backoff until a probe
 * passes. Ejection is runtime health, kept in memory, apart from the state an administrator sets.
 */
public final class InstanceHealth implements EngineListener, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceHealth.class);

    private static final class Record {
        final AtomicInteger consecutiveFailures = new AtomicInteger();
        final AtomicBoolean ejected = new AtomicBoolean();
        final FailureWindow window;

        Record(Duration windowLength, Clock clock) {
            this.window = new FailureWindow(windowLength, clock);
        }
    }

    private final Catalog catalog;
    private final Function<String, HealthRule> rules;
    private final InstanceProbe probe;
    private final ScheduledExecutorService probes;
    private final Map<String, Record> records = new ConcurrentHashMap<>();
    private final AtomicInteger ejectedCount = new AtomicInteger();
    private final NodeEvents events;
    private final Duration windowLength;
    private final Clock clock;

    /** @param rules the health rule of a virtual port, read from the policy in force */
    public InstanceHealth(Catalog catalog, Function<String, HealthRule> rules, InstanceProbe probe, NodeEvents events) {
        this(catalog, rules, probe, events, Duration.ofSeconds(60), Clock.systemUTC());
    }

    /** @param windowLength the window over which failure-ratio ejection counts dispatches */
    public InstanceHealth(Catalog catalog, Function<String, HealthRule> rules, InstanceProbe probe, NodeEvents events,
            Duration windowLength, Clock clock) {
        this.windowLength = windowLength;
        this.clock = clock;
        this.events = events;
        this.catalog = catalog;
        this.rules = rules;
        this.probe = probe;
        this.probes = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "sd-health-probes");
            t.setDaemon(true);
            return t;
        });
    }

    public boolean isEjected(String instanceId) {
        Record r = records.get(instanceId);
        return r != null && r.ejected.get();
    }

    /** Forgets an instance that left the catalog; a probe already scheduled for it then stops. */
    public void forget(String instanceId) {
        Record r = records.remove(instanceId);
        if (r != null) {
            cleared(r);
        }
    }

    /** Whether any instance is ejected now: lookup skips its per-instance check while none is. */
    public boolean anyEjected() {
        return ejectedCount.get() > 0;
    }

    private void cleared(Record r) {
        if (r.ejected.getAndSet(false)) {
            ejectedCount.decrementAndGet();
        }
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        Record r = records.get(instance.id());
        if (r == null && rules.apply(instance.virtualPort()).ejectsByRatio()) {
            r = recordOf(instance.id());
        }
        if (r != null) {
            r.consecutiveFailures.set(0);
            r.window.answered();
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        Record r = recordOf(instance.id());
        HealthRule rule = rules.apply(instance.virtualPort());
        r.window.failed();
        if (r.consecutiveFailures.incrementAndGet() >= rule.ejectAfterFailures()) {
            eject(instance, r, rule, "ejected after " + rule.ejectAfterFailures() + " failures in a row", failure);
        } else if (rule.ejectsByRatio()) {
            FailureWindow.Counts counts = r.window.counts();
            if (counts.requests() >= rule.minRequests() && counts.ratio() >= rule.ejectFailureRatio()) {
                eject(instance, r, rule, "ejected after " + counts.failures() + " failures in " + counts.requests()
                        + " dispatches of the last " + windowLength.toSeconds() + " s", failure);
            }
        }
    }

    private void eject(Instance instance, Record r, HealthRule rule, String why, DispatchException failure) {
        if (r.ejected.compareAndSet(false, true)) {
            ejectedCount.incrementAndGet();
            LOG.warn("instance {} at {} {}; probing it every {} ms and more",
                    instance.id(), instance.endpointAddress(), why, rule.probeInterval().toMillis());
            events.publish(NodeEvent.Type.INSTANCE_EJECTED, instance.virtualPort(), instance.id(),
                    why + "; last: " + failure.getMessage());
            schedule(instance.id(), rule.probeInterval());
        }
    }

    private Record recordOf(String instanceId) {
        Record r = records.get(instanceId);
        return r != null ? r : records.computeIfAbsent(instanceId, id -> new Record(windowLength, clock));
    }

    private void schedule(String instanceId, Duration delay) {
        probes.schedule(() -> {
            try {
                probeOnce(instanceId, delay);
            } catch (RuntimeException e) {
                LOG.error("probing instance {} failed inside the node; trying again later", instanceId, e);
                schedule(instanceId, delay);
            }
        }, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    private void probeOnce(String instanceId, Duration lastDelay) {
        Record r = records.get(instanceId);
        Instance instance = catalog.snapshot().instance(instanceId).orElse(null);
        if (r == null || instance == null) {
            forget(instanceId);
            return;
        }
        if (probe.passes(instance)) {
            r.consecutiveFailures.set(0);
            r.window.clear();
            cleared(r);
            LOG.info("instance {} at {} passed its probe and is back", instanceId, instance.endpointAddress());
            events.publish(NodeEvent.Type.INSTANCE_BACK, instance.virtualPort(), instanceId, "passed its probe");
            return;
        }
        HealthRule rule = rules.apply(instance.virtualPort());
        Duration next = lastDelay.multipliedBy(2);
        schedule(instanceId, next.compareTo(rule.maxProbeInterval()) > 0 ? rule.maxProbeInterval() : next);
    }

    @Override
    public void close() {
        probes.shutdownNow();
    }
}
