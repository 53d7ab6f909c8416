package org.servicedomain.node.engine.monitor;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FailureKind;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;

/**
 * Turns the engine's dispatch events into Micrometer meters for {@code /sd/metrics}: a timer per
 * virtual port, instance and outcome, failures by kind, and requests in flight.
 * Labels come only from the catalog (port names, instance ids), and meters are cached per label set
 * so that a dispatch costs a map lookup rather than a registry search. The timers publish fixed
 * histogram buckets (1 ms to 30 s, the same on every node, so Prometheus can add nodes up and
 * compute quantiles server-side); a record is a search in that short array and an atomic add, with
 * no client-side percentile computation.
 */
public final class MetricsListener implements RequestListener {

    /** Timer of every dispatch; Prometheus shows it as {@code sd_dispatch_seconds}. */
    public static final String DISPATCH = "sd.dispatch";
    /** Counter of dispatches that got no usable answer; {@code sd_dispatch_failures_total}. */
    public static final String DISPATCH_FAILURES = "sd.dispatch.failures";
    /** Gauge of requests dispatched to an instance and not yet answered; {@code sd_requests_in_flight}. */
    public static final String IN_FLIGHT = "sd.requests.in.flight";

    /** The {@code le} bounds of {@code sd_dispatch_seconds_bucket}: 1 ms to 30 s, roughly 1-2.5-5 per decade. */
    private static final Duration[] BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
        Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
        Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
        Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30)};

    public static final String PORT_TAG = "virtual_port";
    static final String INSTANCE_TAG = "instance";
    static final String OUTCOME_TAG = "outcome";
    static final String KIND_TAG = "kind";

    /** Hashed and compared by hand: one is looked up for every dispatch. */
    private record Target(String port, String instance) {
        @Override
        public int hashCode() {
            return 31 * port.hashCode() + Objects.hashCode(instance);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Target t && port.equals(t.port) && Objects.equals(instance, t.instance);
        }
    }

    private record FailureKey(String port, String instance, FailureKind kind) {
    }

    private record Timers(Timer answered, Timer failed) {
    }

    private final MeterRegistry registry;
    private final InstanceLoad load;
    private final Map<Target, Timers> timers = new ConcurrentHashMap<>();
    private final Map<FailureKey, Counter> failures = new ConcurrentHashMap<>();

    /** Publishes into {@code registry}; the in-flight gauges read {@code load} when scraped. */
    public MetricsListener(MeterRegistry registry, InstanceLoad load) {
        this.registry = registry;
        this.load = load;
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        timersOf(instance); // registers the instance's meters, in-flight gauge included, before its first answer
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        timersOf(instance).answered().record(nanos, TimeUnit.NANOSECONDS);
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        timersOf(instance).failed().record(nanos, TimeUnit.NANOSECONDS);
        countFailure(instance, FailureKind.of(failure.kind()));
    }

    /** A provider's own fault is an answer, but counted with the failures as kind {@code soap_fault}. */
    @Override
    public void providerFault(RequestContext request, Instance instance) {
        countFailure(instance, FailureKind.SOAP_FAULT);
    }

    private void countFailure(Instance instance, FailureKind kind) {
        FailureKey key = new FailureKey(instance.virtualPort(), instance.id(), kind);
        Counter counter = failures.get(key);
        (counter != null ? counter : failures.computeIfAbsent(key, this::failureCounter)).increment();
    }

    /**
     * Registers the meters of {@code instances} that have none yet, so a scrape shows every
     * cataloged instance's series (at zero) before its first request; called per scrape, not per request.
     */
    public void prepare(java.util.Collection<Instance> instances) {
        instances.forEach(this::timersOf);
    }

    /**
     * Drops the meters of every instance not in {@code kept}: ones a late event of a request still in
     * flight at its unregistration brought back after {@link #forget(String)}.
     */
    public void retainInstances(java.util.Set<String> kept) {
        java.util.Set<String> gone = new java.util.HashSet<>();
        timers.keySet().forEach(t -> {
            if (!kept.contains(t.instance())) {
                gone.add(t.instance());
            }
        });
        failures.keySet().forEach(k -> {
            if (!kept.contains(k.instance())) {
                gone.add(k.instance());
            }
        });
        gone.forEach(this::forget);
    }

    /** Drops the meters of an instance that left the catalog, so churn does not grow the series. */
    public void forget(String instanceId) {
        timers.keySet().removeIf(t -> t.instance().equals(instanceId));
        failures.keySet().removeIf(k -> k.instance().equals(instanceId));
        registry.getMeters().stream().filter(m -> instanceId.equals(m.getId().getTag(INSTANCE_TAG)))
                .toList().forEach(registry::remove);
    }

    private Timers timersOf(Instance instance) {
        Target target = new Target(instance.virtualPort(), instance.id());
        Timers found = timers.get(target); // no bin lock on the hot path once the instance is known
        return found != null ? found : timers.computeIfAbsent(target, this::register);
    }

    private Timers register(Target target) {
        Gauge.builder(IN_FLIGHT, load, l -> l.outstanding(target.instance()))
                .description("Requests dispatched to the instance and not yet answered")
                .tags(PORT_TAG, target.port(), INSTANCE_TAG, target.instance())
                .strongReference(true)
                .register(registry);
        return new Timers(timer(target, "answered"), timer(target, "failed"));
    }

    private Timer timer(Target target, String outcome) {
        return Timer.builder(DISPATCH)
                .description("Time from dispatch to the instance's answer (answered) or to giving up on it (failed)")
                .tags(PORT_TAG, target.port(), INSTANCE_TAG, target.instance(), OUTCOME_TAG, outcome)
                .serviceLevelObjectives(BUCKETS)
                .register(registry);
    }

    private Counter failureCounter(FailureKey key) {
        return Counter.builder(DISPATCH_FAILURES)
                .description("Dispatches that got no usable answer, or the provider's SOAP fault, by kind")
                .tags(PORT_TAG, key.port(), INSTANCE_TAG, key.instance(), KIND_TAG, key.kind().label())
                .register(registry);
    }
}
