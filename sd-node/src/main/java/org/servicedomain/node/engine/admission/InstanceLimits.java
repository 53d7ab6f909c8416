package org.servicedomain.node.engine.admission;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.ToIntFunction;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.EngineListener;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.qos.PortLimits;

/**
 * Every instance's {@link AdaptiveLimit}, fed by the engine's dispatches: how many calls the
 * priority classes let reach each instance at once, so that what exceeds the providers waits in the
 * node's class queues instead of in the providers' own. Never above the connections one instance
 * may have ({@code --max-connections-per-instance}), so an admitted call never waits for a connection.
 */
public final class InstanceLimits implements EngineListener {

    private final int maxPerInstance;
    private final LongSupplier nanoTime;
    private final Map<String, InstanceRoom> instances = new ConcurrentHashMap<>();

    public InstanceLimits(int maxPerInstance, LongSupplier nanoTime) {
        this.maxPerInstance = maxPerInstance;
        this.nanoTime = nanoTime;
    }

    public InstanceLimits(int maxPerInstance) {
        this(maxPerInstance, System::nanoTime);
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        InstanceRoom room = roomOf(instance.id());
        room.limit().sending(room.sending(request.tag(DispatchPermit.class)), nanoTime.getAsLong());
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        InstanceRoom room = roomOf(instance.id());
        room.limit().answered(nanos, room.ended(request.tag(DispatchPermit.class)), nanoTime.getAsLong());
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        InstanceRoom room = roomOf(instance.id());
        int inFlight = room.ended(request.tag(DispatchPermit.class));
        if (failure.kind() != DispatchException.Kind.TIMEOUT) {
            return;
        }
        if (request.deadline() != null && request.deadline().passed()) {
            room.limit().cutShort(nanos, inFlight, nanoTime.getAsLong());
        } else {
            room.limit().timedOut(inFlight, nanoTime.getAsLong());
        }
    }

    /** Whether the instance has room for one more call holding {@code permit} ({@link InstanceRoom}). */
    public boolean hasRoom(String instanceId, DispatchPermit permit) {
        InstanceRoom room = instances.get(instanceId);
        return room == null || room.free(permit) > 0;
    }

    /**
     * How many more calls holding {@code permit} the instance takes before it is full by
     * {@link #hasRoom}; its whole limit while nothing was sent to it.
     */
    public int room(String instanceId, DispatchPermit permit) {
        InstanceRoom room = instances.get(instanceId);
        return room == null ? Math.min(AdaptiveLimit.INITIAL, maxPerInstance) : room.free(permit);
    }

    /** The high calls out at the instance. */
    public int highInFlight(String instanceId) {
        InstanceRoom room = instances.get(instanceId);
        return room == null ? 0 : room.highInFlight();
    }

    /** The port's limits as the sums of these instances' own, read live on each call. */
    public PortLimits of(List<Instance> portInstances) {
        InstanceRoom[] each = new InstanceRoom[portInstances.size()];
        for (int i = 0; i < each.length; i++) {
            each[i] = roomOf(portInstances.get(i).id());
        }
        return new SummedLimits(each);
    }

    /**
     * What the instance serves per second by this measure (its limit over its unqueued response
     * time), or NaN before a first window was measured.
     */
    public double capacityTps(String instanceId) {
        InstanceRoom room = instances.get(instanceId);
        long rtt = room == null ? 0 : room.limit().minRttNanos();
        return rtt <= 0 ? Double.NaN : room.limit().limit() * 1e9 / rtt;
    }

    /** Forgets an instance that left the catalog. */
    public void forget(String instanceId) {
        instances.remove(instanceId);
    }

    private InstanceRoom roomOf(String instanceId) {
        return instances.computeIfAbsent(instanceId, id -> new InstanceRoom(new AdaptiveLimit(maxPerInstance)));
    }

    /** A port's limits: its instances' summed as they stand when read. */
    private record SummedLimits(InstanceRoom[] each) implements PortLimits {

        @Override
        public int concurrency() {
            return Math.max(1, sum(room -> room.limit().limit()));
        }

        @Override
        public int knownGood() {
            return Math.max(1, sum(room -> room.limit().knownGood()));
        }

        @Override
        public int inFlight() {
            return sum(InstanceRoom::inFlight);
        }

        @Override
        public int roomForShared() {
            return sum(room -> Math.max(0, room.free(DispatchPermit.SHARED)));
        }

        @Override
        public int roomForHigh() {
            return sum(room -> Math.max(0, room.free(DispatchPermit.HIGH)));
        }

        @Override
        public int roomWithinKnownGood() {
            return sum(room -> Math.max(0, room.limit().knownGood() - room.inFlight()));
        }

        @Override
        public long quickestNanos() {
            long quickest = 0;
            for (InstanceRoom room : each) {
                long rtt = room.limit().minRttNanos();
                if (rtt > 0 && (quickest == 0 || rtt < quickest)) {
                    quickest = rtt;
                }
            }
            return quickest;
        }

        @Override
        public boolean knownGoodMeasured() {
            for (InstanceRoom room : each) {
                if (!room.limit().knownGoodMeasured()) {
                    return false;
                }
            }
            return true;
        }

        /** The instances' figures added up, short of overflowing an int. */
        private int sum(ToIntFunction<InstanceRoom> figure) {
            long sum = 0;
            for (InstanceRoom room : each) {
                sum += figure.applyAsInt(room);
            }
            return (int) Math.min(Integer.MAX_VALUE - 1, sum);
        }
    }
}
