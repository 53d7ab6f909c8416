package org.servicedomain.node.engine.monitor;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FailureKind;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;

/**
 * Statistics per instance and per virtual port, over a sliding window and since the node started:
 * requests, failures by kind, response-time percentiles, requests in flight (ports) and requests
 * that found no operational instance. Every update is a few lock-free adds; reading adds up buckets.
 */
public final class TrafficStatistics implements RequestListener {

    /** The figures of one instance or port: the window, the whole run, and what is in flight now. */
    public record Figures(TrafficFigures window, TrafficFigures total, int inFlight) {
    }

    private static final class Stats {
        final SlidingWindow window;
        final TrafficCounts total = new TrafficCounts(0);
        final AtomicInteger inFlight = new AtomicInteger();

        Stats(Duration length, Clock clock) {
            this.window = new SlidingWindow(length, clock::millis);
        }
    }

    private final Duration windowLength;
    private final Clock clock;
    private final long startMillis;
    private final Map<String, Stats> instances = new ConcurrentHashMap<>();
    private final Map<String, Stats> ports = new ConcurrentHashMap<>();
    private final List<Consumer<String>> portListeners = new CopyOnWriteArrayList<>();

    public TrafficStatistics(Duration windowLength, Clock clock) {
        if (windowLength.toMillis() < SlidingWindow.BUCKETS) {
            throw new IllegalArgumentException("the statistics window must be at least 12 ms but was " + windowLength);
        }
        this.windowLength = windowLength;
        this.clock = clock;
        this.startMillis = clock.millis();
    }

    @Override
    public void started(RequestContext call) {
        requestStarted(call.virtualPort().name());
    }

    @Override
    public void ended(RequestContext call, ProviderReply reply, FaultCode fault, long nanos) {
        requestEnded(call.virtualPort().name(), nanos, reply != null);
    }

    /** A request on {@code virtualPort} is in flight from now. */
    public void requestStarted(String virtualPort) {
        Stats s = ports.get(virtualPort);
        if (s == null) {
            s = newPort(virtualPort);
        }
        s.inFlight.incrementAndGet();
        s.window.current().requests.increment();
        s.total.requests.increment();
    }

    /** @param answered whether a provider's answer (a reply or its SOAP fault) went back */
    public void requestEnded(String virtualPort, long nanos, boolean answered) {
        Stats s = stats(ports, virtualPort);
        s.inFlight.updateAndGet(n -> n > 0 ? n - 1 : 0);
        if (answered) {
            long micros = TimeUnit.NANOSECONDS.toMicros(nanos);
            s.window.current().latency.record(micros);
            s.total.latency.record(micros);
        }
    }

    @Override
    public void noOperationalInstance(RequestContext request) {
        Stats s = stats(ports, request.virtualPort().name());
        s.window.current().noInstance.increment();
        s.total.noInstance.increment();
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        Stats s = stats(instances, instance.id());
        s.inFlight.incrementAndGet();
        s.window.current().requests.increment();
        s.total.requests.increment();
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        Stats s = stats(instances, instance.id());
        s.inFlight.updateAndGet(n -> n > 0 ? n - 1 : 0);
        long micros = TimeUnit.NANOSECONDS.toMicros(nanos);
        s.window.current().latency.record(micros);
        s.total.latency.record(micros);
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        Stats s = stats(instances, instance.id());
        s.inFlight.updateAndGet(n -> n > 0 ? n - 1 : 0);
        failed(s, instance, FailureKind.of(failure.kind()));
    }

    @Override
    public void providerFault(RequestContext request, Instance instance) {
        failed(stats(instances, instance.id()), instance, FailureKind.SOAP_FAULT);
    }

    private void failed(Stats instanceStats, Instance instance, FailureKind kind) {
        Stats portStats = stats(ports, instance.virtualPort());
        instanceStats.window.current().failures[kind.ordinal()].increment();
        instanceStats.total.failures[kind.ordinal()].increment();
        portStats.window.current().failures[kind.ordinal()].increment();
        portStats.total.failures[kind.ordinal()].increment();
    }

    /** The figures of an instance; all zero before its first dispatch. */
    public Figures ofInstance(String instanceId) {
        return figures(instances.get(instanceId));
    }

    /** The figures of a virtual port; all zero before its first request. */
    public Figures ofPort(String virtualPort) {
        return figures(ports.get(virtualPort));
    }

    /** Hears each virtual port the first time a request for it is counted (to register its meters). */
    public void onNewPort(Consumer<String> listener) {
        portListeners.add(listener);
    }

    /** Drops the statistics of an instance that left the catalog. */
    public void forget(String instanceId) {
        instances.remove(instanceId);
    }

    /** Drops the statistics of a virtual port that left the catalog. */
    public void forgetPort(String virtualPort) {
        ports.remove(virtualPort);
    }

    /** Drops the statistics of every instance not in {@code kept} (ones a late event brought back). */
    public void retainInstances(java.util.Set<String> kept) {
        instances.keySet().retainAll(kept);
    }

    private Figures figures(Stats s) {
        TrafficCounts.Sum window = new TrafficCounts.Sum();
        TrafficCounts.Sum total = new TrafficCounts.Sum();
        if (s != null) {
            s.window.addTo(window);
            total.add(s.total);
        }
        long sinceStart = Math.max(0, (clock.millis() - startMillis) / 1000);
        return new Figures(window.figures(windowLength.toSeconds()), total.figures(sinceStart),
                s == null ? 0 : s.inFlight.get());
    }

    private Stats newPort(String virtualPort) {
        boolean[] created = {false};
        Stats s = ports.computeIfAbsent(virtualPort, k -> {
            created[0] = true;
            return new Stats(windowLength, clock);
        });
        if (created[0]) {
            portListeners.forEach(l -> l.accept(virtualPort));
        }
        return s;
    }

    private Stats stats(Map<String, Stats> map, String key) {
        Stats s = map.get(key); // no bin lock on the hot path once the key is known
        return s != null ? s : map.computeIfAbsent(key, k -> new Stats(windowLength, clock));
    }
}
