package org.servicedomain.node.qos;

import io.github.bucket4j.TimeMeter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * The flows of one virtual port: each class's queue behind its leaky bucket, the port's dispatch
 * permits and slots ({@link PortPermits}) and who goes next when they allow ({@link FairShare}: the
 * high class first, deficit round robin over the others, idle permits lent). A request that finds
 * every queue empty, a permit free and both buckets with room goes on at once; otherwise it waits as
 * data, and a freed permit or the timer releases it when its turn and the buckets allow, or answers
 * {@code Timeout} at its deadline. One lock per port.
 */
public final class FlowScheduler {

    private final String virtualPort;
    private final ScheduledExecutorService timer;
    private final TimeMeter time;
    private final FlowQueue[] flows;
    private final PortPermits permits;
    private final FairShare share;
    /** The most requests any one class's queue holds, kept under the lock wherever a queue changes: read without it. */
    private volatile int longestQueue;
    private long wakeAtNanos = Long.MAX_VALUE;
    private ScheduledFuture<?> wake;

    public FlowScheduler(String virtualPort, ScheduledExecutorService timer, TimeMeter time) {
        this.virtualPort = virtualPort;
        this.timer = timer;
        this.time = time;
        this.flows = new FlowQueue[PriorityClass.values().length];
        for (PriorityClass c : PriorityClass.values()) {
            flows[c.ordinal()] = new FlowQueue(c, time);
        }
        this.permits = new PortPermits(flows[PriorityClass.HIGH.ordinal()], time);
        this.share = new FairShare(flows, permits);
    }

    /**
     * A ticket that completes when the request may be dispatched, or fails with {@code Overloaded}
     * (its flow's queue holds {@code queueLength} already) or {@code Timeout} (its deadline, on
     * {@link System#nanoTime()}'s scale, came while it waited). A completed ticket holds a dispatch
     * permit until {@link #release} or {@link #tooLate} gives it back, and carries the shortest
     * response time without queueing among the port's instances as it was let on, in nanoseconds (0
     * while none was measured): a call with less time left cannot be answered in time.
     */
    public CompletableFuture<Long> admit(PriorityClass priorityClass, long deadlineNanos, int queueLength) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        Waiting parked;
        synchronized (this) {
            flow.arrivalsThisRound++;
            if (share.waiting() == 0 && permits.freeFor(flow)) {
                boolean token = flow.bucket.tryTake();
                if ((token || permits.lendTo(flow)) && permits.takeSlot(flow)) {
                    permits.letOn(flow);
                    return CompletableFuture.completedFuture(permits.quickestNanos());
                }
                if (token) {
                    flow.bucket.giveBack();
                }
            }
            if (flow.queue.size() >= queueLength) {
                flow.dropped++;
                return Completions.failed(overloaded(flow, queueLength));
            }
            long now = time.currentTimeNanos();
            parked = new Waiting(now, deadlineNanos);
            flow.queue.addLast(parked);
            noteQueues();
        }
        parked.expiresWith(timer.schedule(() -> expire(flow, parked), Math.max(0, deadlineNanos - time.currentTimeNanos()),
                TimeUnit.NANOSECONDS));
        drain();
        return parked.ticket;
    }

    /**
     * Refuses a request of {@code priorityClass} at once when {@link #admit} would: its flow's queue
     * holds {@code queueLength} already. Then the request is counted as arrived and dropped and the
     * answer is its {@code Overloaded} fault; otherwise nothing is counted and the answer is null.
     */
    public NodeFault refuseWhenFull(PriorityClass priorityClass, int queueLength) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        synchronized (this) {
            if (flow.queue.isEmpty() || flow.queue.size() < queueLength) {
                return null;
            }
            flow.arrivalsThisRound++;
            flow.dropped++;
            return overloaded(flow, queueLength);
        }
    }

    /**
     * Whether some class's queue holds {@code queueLength} requests, at least one: a request of that
     * class is refused. Read without the port's lock, so a port whose queues have room costs a
     * request one volatile read; {@link #refuseWhenFull} decides under the lock.
     */
    public boolean anyQueueFull(int queueLength) {
        int longest = longestQueue;
        return longest > 0 && longest >= queueLength;
    }

    /** Notes the longest queue after a queue changed; under the lock. */
    private void noteQueues() {
        int longest = 0;
        for (FlowQueue flow : flows) {
            longest = Math.max(longest, flow.queue.size());
        }
        if (longest != longestQueue) {
            longestQueue = longest;
        }
    }

    /** The flow's {@code Overloaded} fault, made once per queue length: a flood of refusals builds no message. */
    private NodeFault overloaded(FlowQueue flow, int queueLength) {
        NodeFault made = flow.overloaded;
        if (made == null || flow.overloadedAt != queueLength) {
            made = new NodeFault(FaultCode.Overloaded, "the " + name(flow.priorityClass) + " queue of virtual port '"
                    + virtualPort + "' already holds " + queueLength + " requests; this one was not sent to any provider");
            flow.overloaded = made;
            flow.overloadedAt = queueLength;
        }
        return made;
    }

    /**
     * Applies an allocation: each class's rate (infinite: not shaped) and weight in the fair queue,
     * and the rate of dispatch slots the port's instances can take; then releases what now may go.
     */
    public void reshape(Map<PriorityClass, Double> rates, Map<PriorityClass, Double> weights, double slotRate) {
        synchronized (this) {
            for (FlowQueue flow : flows) {
                flow.bucket.setRate(rates.getOrDefault(flow.priorityClass, Double.POSITIVE_INFINITY));
                flow.weight = Math.max(weights.getOrDefault(flow.priorityClass, 1.0), 0);
            }
            permits.slotRate(slotRate);
        }
        drain();
    }

    /**
     * Gives back the dispatch permit of a call let on in {@code priorityClass} that held it for
     * {@code heldNanos}, and lets the next waiting request on.
     */
    public void release(PriorityClass priorityClass, long heldNanos) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        synchronized (this) {
            permits.giveBack(flow);
            flow.servedThisRound++;
            flow.serviceNanosThisRound += heldNanos;
            if (share.waiting() == 0) {
                return;
            }
        }
        drain();
    }

    /**
     * Gives back the permit of a call let on too late to be answered in time, and counts it as
     * timed out in its queue: it goes to no provider.
     */
    public void tooLate(PriorityClass priorityClass) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        synchronized (this) {
            permits.giveBack(flow);
            flow.timedOut++;
            if (share.waiting() == 0) {
                return;
            }
        }
        drain();
    }

    /** How many calls of this port may be let on at once: its instances' limits, read live. */
    public void limitConcurrency(PortLimits limits) {
        synchronized (this) {
            this.permits.limit(limits);
            if (share.waiting() == 0) {
                return;
            }
        }
        drain();
    }

    /**
     * Holds {@code classes} to their buckets' rates: a node their flows share with other ports' flows
     * (the node's own capacity, or a child's) bounds them, and idle permits of this port lent to
     * them would overrun what the allocator left there for the others. The other classes are lent
     * idle permits as before.
     */
    public void holdToRate(Set<PriorityClass> classes) {
        synchronized (this) {
            for (FlowQueue flow : flows) {
                flow.heldToRate = classes.contains(flow.priorityClass);
            }
        }
    }

    /**
     * Keeps {@code permits} for the high class: the other classes are let on only while that many
     * stay free for it (fewer as its own calls hold them), so a closed-loop high class never waits
     * for a permit the others took between two of its calls. Likewise with the dispatch slots of a
     * declared capacity: the others take one only while what {@code tps} uses of them in a burst
     * stays, so the high class never waits for the next slot behind them.
     */
    public void reserveForHigh(int permits, double tps) {
        synchronized (this) {
            this.permits.reserveForHigh(permits, tps);
        }
    }

    /** Each class's measures since the last call: what the allocator measures demand by. */
    public Map<PriorityClass, FlowRound> takeRound() {
        Map<PriorityClass, FlowRound> rounds = new EnumMap<>(PriorityClass.class);
        synchronized (this) {
            for (FlowQueue flow : flows) {
                rounds.put(flow.priorityClass, flow.takeRound());
            }
        }
        return rounds;
    }

    public String virtualPort() {
        return virtualPort;
    }

    public synchronized List<FlowStatus> status() {
        List<FlowStatus> status = new ArrayList<>(flows.length);
        for (FlowQueue flow : flows) {
            status.add(flow.status());
        }
        return status;
    }

    /** The slot rate now in force; infinite when the port's capacity is not known. */
    public synchronized double slotRate() {
        return permits.slotRate();
    }

    /** The calls let on at once now, and how many may be. */
    public synchronized int inService() {
        return permits.inService();
    }

    public synchronized int concurrency() {
        return permits.concurrency();
    }

    /** The calls the high class may have at once while other classes' are out; -1 until measured. */
    public synchronized int knownGoodConcurrency() {
        return permits.knownGood();
    }

    /** Releases every request the buckets and the fair queue allow now, and sets the timer for the next. */
    private void drain() {
        List<Waiting> released = new ArrayList<>();
        long quickest;
        synchronized (this) {
            share.grant(released);
            noteQueues();
            scheduleWake();
            quickest = released.isEmpty() ? 0 : permits.quickestNanos();
        }
        for (Waiting w : released) {
            w.ticket.complete(quickest);
        }
    }

    /** Sets the timer for when a bucket or the slots next have room; a freed permit drains by itself. */
    private void scheduleWake() {
        if (share.waiting() == 0 || !permits.anyFree()) {
            return;
        }
        long wait = Long.MAX_VALUE;
        for (FlowQueue flow : flows) {
            if (!flow.queue.isEmpty()) {
                wait = Math.min(wait, Math.max(flow.bucket.nanosUntilNext(), permits.nanosUntilSlot(flow)));
            }
        }
        if (wait == Long.MAX_VALUE) {
            return;
        }
        long now = time.currentTimeNanos();
        long at = now + Math.max(wait, 100_000L);
        if (wake != null && wakeAtNanos > now && wakeAtNanos <= at) {
            return;
        }
        if (wake != null) {
            wake.cancel(false);
        }
        wakeAtNanos = at;
        wake = timer.schedule(this::drain, at - now, TimeUnit.NANOSECONDS);
    }

    private void expire(FlowQueue flow, Waiting w) {
        if (!w.settle()) {
            return;
        }
        long waitedMs;
        synchronized (this) {
            flow.queue.remove(w);
            noteQueues();
            flow.timedOut++;
            waitedMs = (time.currentTimeNanos() - w.queuedAtNanos) / 1_000_000L;
        }
        w.ticket.completeExceptionally(Completions.rethrown(new NodeFault(FaultCode.Timeout, "the request waited "
                + waitedMs + " ms in the " + name(flow.priorityClass) + " queue of virtual port '" + virtualPort
                + "' and its deadline passed; it was not sent to any provider")));
    }

    private static String name(PriorityClass c) {
        return c.name().toLowerCase(java.util.Locale.ROOT);
    }
}
