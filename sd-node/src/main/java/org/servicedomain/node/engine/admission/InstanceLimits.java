package org.servicedomain.node.engine.admission;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import java.util.function.ToIntFunction;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;
import org.servicedomain.node.qos.PortLimits;

/**
 * Every instance's {@link AdaptiveLimit}, fed by the dispatches of the calls the priority classes
 * let on (a call on a port without them costs nothing here): how many calls they let reach each
 * instance at once, so that what exceeds the providers waits in the node's class queues instead of
 * in the providers' own. Never above the connections one instance may have
 * ({@code --max-connections-per-instance}), so an admitted call never waits for a connection.
 */
public final class InstanceLimits implements RequestListener {

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
        DispatchPermit permit = request.tag(DispatchPermit.class);
        if (permit == null) {
            return; // no priority classes: nothing is admitted by the limits
        }
        InstanceRoom room = roomOf(instance.id());
        room.limit().sending(room.sending(permit), nanoTime.getAsLong());
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        DispatchPermit permit = request.tag(DispatchPermit.class);
        if (permit == null) {
            return;
        }
        InstanceRoom room = roomOf(instance.id());
        room.limit().answered(nanos, room.ended(permit), nanoTime.getAsLong());
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        DispatchPermit permit = request.tag(DispatchPermit.class);
        if (permit == null) {
            return;
        }
        InstanceRoom room = roomOf(instance.id());
        int inFlight = endedWhenProviderIsThrough(room, permit, failure);
        if (failure.kind() != DispatchException.Kind.TIMEOUT) {
            return;
        }
        if (request.deadline() != null && request.deadline().passed()) {
            room.limit().cutShort(nanos, inFlight, nanoTime.getAsLong());
        } else {
            room.limit().timedOut(inFlight, nanoTime.getAsLong());
        }
    }

    /**
     * Ends a failed call at its instance; the calls still in flight there besides it. A call the
     * node stopped waiting for may still be served by the provider: it keeps its place until the
     * provider is through with it, or the node could send more calls than the limit allows.
     */
    private static int endedWhenProviderIsThrough(InstanceRoom room, DispatchPermit permit, DispatchException failure) {
        CompletableFuture<Void> through = failure.providerThrough();
        if (through.isDone()) {
            return room.ended(permit);
        }
        through.whenComplete((done, error) -> room.ended(permit));
        return Math.max(0, room.inFlight() - 1);
    }

    /** Whether the instance has room for one more call holding {@code permit} ({@link InstanceRoom}). */
    public boolean hasRoom(String instanceId, DispatchPermit permit) {
        return free(find(instanceId), permit) > 0;
    }

    /** The instance's calls and limit, or null while nothing was sent to it. */
    InstanceRoom find(String instanceId) {
        return instances.get(instanceId);
    }

    /**
     * How many more calls holding {@code permit} the instance of {@code room} ({@link #find}) takes
     * before it is full; its whole limit while nothing was sent to it.
     */
    int free(InstanceRoom room, DispatchPermit permit) {
        return room == null ? Math.min(AdaptiveLimit.INITIAL, maxPerInstance) : room.free(permit);
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
            return room().inFlight();
        }

        @Override
        public int roomForShared() {
            return room().forShared();
        }

        @Override
        public int roomForHigh() {
            return room().forHigh();
        }

        @Override
        public int roomWithinKnownGood() {
            return room().withinKnownGood();
        }

        /** Every figure in one pass, each instance's calls out read once. */
        @Override
        public Room room() {
            long inFlight = 0;
            long forShared = 0;
            long forHigh = 0;
            long withinKnownGood = 0;
            for (InstanceRoom room : each) {
                int out = room.inFlight();
                inFlight += out;
                forShared += Math.max(0, room.boundFor(DispatchPermit.SHARED) - out);
                forHigh += Math.max(0, room.boundFor(DispatchPermit.HIGH) - out);
                withinKnownGood += Math.max(0, room.limit().knownGood() - out);
            }
            return new Room(capped(inFlight), capped(forShared), capped(forHigh), capped(withinKnownGood));
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
            return capped(sum);
        }

        private static int capped(long sum) {
            return (int) Math.min(Integer.MAX_VALUE - 1, sum);
        }
    }
}
