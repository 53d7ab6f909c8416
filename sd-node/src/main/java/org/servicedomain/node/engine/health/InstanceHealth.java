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
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
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
 *
 * <p>In a cluster, ejections are posted on an {@link EjectionBoard} that every member reads, so all
 * of them skip the instance; only the member that runs the shared chores (the leader) probes it,
 * and takes the ejection down when a probe passes. A member that cannot post probes by itself.
 */
public final class InstanceHealth implements RequestListener, EjectionBoard.Reader, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(InstanceHealth.class);

    private static final class Record {
        final AtomicInteger consecutiveFailures = new AtomicInteger();
        final AtomicBoolean ejected = new AtomicBoolean();
        /** Whether a chain of probes is scheduled on this node. */
        final AtomicBoolean probing = new AtomicBoolean();
        /** Whether the board holds this ejection: then only the node that runs the chores probes it. */
        volatile boolean posted;
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
    private final EjectionBoard board;
    private final BooleanSupplier probesHere;

    /** @param rules the health rule of a virtual port, read from the policy in force */
    public InstanceHealth(Catalog catalog, Function<String, HealthRule> rules, InstanceProbe probe, NodeEvents events) {
        this(catalog, rules, probe, events, Duration.ofSeconds(60), Clock.systemUTC());
    }

    /** @param windowLength the window over which failure-ratio ejection counts dispatches */
    public InstanceHealth(Catalog catalog, Function<String, HealthRule> rules, InstanceProbe probe, NodeEvents events,
            Duration windowLength, Clock clock) {
        this(catalog, rules, probe, events, windowLength, clock, EjectionBoard.NONE, () -> true);
    }

    /**
     * @param board where ejections are shared with the other nodes of a cluster
     * @param probesHere whether this node probes the ejections on the board now (it leads the cluster's chores)
     */
    public InstanceHealth(Catalog catalog, Function<String, HealthRule> rules, InstanceProbe probe, NodeEvents events,
            Duration windowLength, Clock clock, EjectionBoard board, BooleanSupplier probesHere) {
        this.board = board;
        this.probesHere = probesHere;
        this.windowLength = windowLength;
        this.clock = clock;
        this.events = events;
        this.catalog = catalog;
        this.rules = rules;
        this.probe = probe;
        this.probes = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-health-probes"));
    }

    public boolean isEjected(String instanceId) {
        Record r = records.get(instanceId);
        return r != null && r.ejected.get();
    }

    /**
     * Forgets an instance that left the catalog; a probe already scheduled for it then stops. The
     * node that probes takes its ejection off the board.
     */
    public void forget(String instanceId) {
        Record r = records.remove(instanceId);
        if (r != null) {
            cleared(r);
            if (r.posted && probesHere.getAsBoolean()) {
                board.takeDown(instanceId);
            }
        }
    }

    /** Whether any instance is ejected now: lookup skips its per-instance check while none is. */
    public boolean anyEjected() {
        return ejectedCount.get() > 0;
    }

    private boolean cleared(Record r) {
        if (r.ejected.getAndSet(false)) {
            ejectedCount.decrementAndGet();
            return true;
        }
        return false;
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
            LOG.warn("instance {} at {} {}; {}", instance.id(), instance.endpointAddress(), why, probesHere.getAsBoolean()
                    ? "probing it every " + rule.probeInterval().toMillis() + " ms and more" : "the cluster's leader probes it");
            events.publish(NodeEvent.Type.INSTANCE_EJECTED, instance.virtualPort(), instance.id(),
                    why + "; last: " + failure.getMessage());
            board.post(instance.id(), why, problem -> {
                LOG.warn("the ejection of instance {} could not be shared ({}); this node probes it itself", instance.id(), problem);
                startProbing(instance.id(), rule.probeInterval());
            });
            if (probesHere.getAsBoolean()) {
                startProbing(instance.id(), rule.probeInterval());
            }
        }
    }

    @Override
    public void posted(String instanceId, String why, String by) {
        Record r = recordOf(instanceId);
        r.posted = true;
        Instance instance = catalog.snapshot().instance(instanceId).orElse(null);
        if (r.ejected.compareAndSet(false, true)) {
            ejectedCount.incrementAndGet();
            LOG.warn("instance {} was ejected by {}: {}", instanceId, by, why);
            events.publish(NodeEvent.Type.INSTANCE_EJECTED, instance == null ? null : instance.virtualPort(), instanceId,
                    why + " (at " + by + ")");
        }
        if (probesHere.getAsBoolean()) {
            startProbing(instanceId, instance == null ? HealthRule.DEFAULT.probeInterval()
                    : rules.apply(instance.virtualPort()).probeInterval());
        }
    }

    @Override
    public void takenDown(String instanceId) {
        Record r = records.get(instanceId);
        if (r == null) {
            return;
        }
        r.posted = false;
        r.consecutiveFailures.set(0);
        r.window.clear();
        if (cleared(r)) {
            Instance instance = catalog.snapshot().instance(instanceId).orElse(null);
            LOG.info("instance {} passed the cluster leader's probe and is back", instanceId);
            events.publish(NodeEvent.Type.INSTANCE_BACK, instance == null ? null : instance.virtualPort(), instanceId,
                    "passed the cluster leader's probe");
        }
    }

    /** This node now runs the shared chores: it probes every ejection on the board that no probe here follows yet. */
    public void takeOverProbes() {
        records.forEach((instanceId, r) -> {
            if (r.posted && r.ejected.get()) {
                Instance instance = catalog.snapshot().instance(instanceId).orElse(null);
                startProbing(instanceId, instance == null ? HealthRule.DEFAULT.probeInterval()
                        : rules.apply(instance.virtualPort()).probeInterval());
            }
        });
    }

    private void startProbing(String instanceId, Duration delay) {
        Record r = records.get(instanceId);
        if (r != null && r.probing.compareAndSet(false, true)) {
            schedule(instanceId, delay);
        }
    }

    private Record recordOf(String instanceId) {
        Record r = records.get(instanceId);
        return r != null ? r : records.computeIfAbsent(instanceId, id -> new Record(windowLength, clock));
    }

    private void schedule(String instanceId, Duration delay) {
        if (probes.isShutdown()) {
            return; // closing: an ejection heard from the cluster now is probed by the member that leads next
        }
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
        if (!r.ejected.get() || (r.posted && !probesHere.getAsBoolean())) {
            r.probing.set(false); // back meanwhile, or another member leads the chores now
            return;
        }
        if (probe.passes(instance)) {
            r.consecutiveFailures.set(0);
            r.window.clear();
            r.probing.set(false);
            if (cleared(r)) {
                LOG.info("instance {} at {} passed its probe and is back", instanceId, instance.endpointAddress());
                events.publish(NodeEvent.Type.INSTANCE_BACK, instance.virtualPort(), instanceId, "passed its probe");
            }
            if (r.posted) {
                board.takeDown(instanceId);
            }
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
