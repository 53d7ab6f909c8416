package org.servicedomain.node.engine.admission;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.EngineListener;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * Every instance's {@link AdaptiveLimit}, fed by the engine's dispatches: how many calls the
 * priority classes let reach each instance at once, so that what exceeds the providers waits in the
 * node's class queues instead of in the providers' own. Never above the connections one instance
 * may have ({@code --max-connections-per-instance}), so an admitted call never waits for a connection.
 */
public final class InstanceLimits implements EngineListener {

    private record Tracked(AtomicInteger inFlight, AdaptiveLimit limit) {
    }

    private final int maxPerInstance;
    private final LongSupplier nanoTime;
    private final Map<String, Tracked> instances = new ConcurrentHashMap<>();

    public InstanceLimits(int maxPerInstance, LongSupplier nanoTime) {
        this.maxPerInstance = maxPerInstance;
        this.nanoTime = nanoTime;
    }

    public InstanceLimits(int maxPerInstance) {
        this(maxPerInstance, System::nanoTime);
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        Tracked t = tracked(instance.id());
        t.limit().sending(t.inFlight().incrementAndGet(), nanoTime.getAsLong());
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        Tracked t = tracked(instance.id());
        t.limit().answered(nanos, t.inFlight().updateAndGet(n -> n > 0 ? n - 1 : 0), nanoTime.getAsLong());
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        Tracked t = tracked(instance.id());
        int inFlight = t.inFlight().updateAndGet(n -> n > 0 ? n - 1 : 0);
        if (failure.kind() != DispatchException.Kind.TIMEOUT) {
            return;
        }
        if (request.deadline() != null && request.deadline().passed()) {
            t.limit().cutShort(nanos, inFlight, nanoTime.getAsLong());
        } else {
            t.limit().timedOut(inFlight, nanoTime.getAsLong());
        }
    }

    /** How many calls the instance may have at once now. */
    public int limitOf(String instanceId) {
        Tracked t = instances.get(instanceId);
        return t == null ? Math.min(AdaptiveLimit.INITIAL, maxPerInstance) : t.limit().limit();
    }

    /** Whether the instance has fewer calls in flight than its limit. */
    public boolean hasRoom(String instanceId) {
        Tracked t = instances.get(instanceId);
        return t == null || t.inFlight().get() < t.limit().limit();
    }

    /**
     * What the instance serves per second by this measure (its limit over its unqueued response
     * time), or NaN before a first window was measured.
     */
    public double capacityTps(String instanceId) {
        Tracked t = instances.get(instanceId);
        long rtt = t == null ? 0 : t.limit().minRttNanos();
        return rtt <= 0 ? Double.NaN : t.limit().limit() * 1e9 / rtt;
    }

    /** Forgets an instance that left the catalog. */
    public void forget(String instanceId) {
        instances.remove(instanceId);
    }

    private Tracked tracked(String instanceId) {
        return instances.computeIfAbsent(instanceId, id -> new Tracked(new AtomicInteger(), new AdaptiveLimit(maxPerInstance)));
    }
}
