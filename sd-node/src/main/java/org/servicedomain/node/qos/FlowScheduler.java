package org.servicedomain.node.qos;

import io.github.bucket4j.TimeMeter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/**
 * The flows of one virtual port: each class's queue behind its leaky bucket, and dispatch slots
 * (the port's own bucket, at the capacity of its instances) granted across the queues by deficit
 * round robin weighted by each flow's allocation. A request that finds every queue empty and both
 * buckets with room goes on at once; otherwise it waits as data, and the timer releases it when
 * its turn and the buckets allow, or answers {@code Timeout} at its deadline. One lock per port.
 */
public final class FlowScheduler {

    private static final CompletableFuture<Void> GO = CompletableFuture.completedFuture(null);
    /** The most requests one flow sends in one turn of the round robin, however large its weight. */
    static final double MAX_QUANTUM = 1000;

    private final String virtualPort;
    private final ScheduledExecutorService timer;
    private final TimeMeter time;
    private final FlowQueue[] flows;
    private final LeakyBucket slots;
    private int turn;
    private boolean turnCharged;
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
        this.slots = new LeakyBucket(time, Double.POSITIVE_INFINITY);
    }

    /**
     * A ticket that completes when the request may be dispatched, or fails with {@code Overloaded}
     * (its flow's queue holds {@code queueLength} already) or {@code Timeout} (its deadline, on
     * {@link System#nanoTime()}'s scale, came while it waited).
     */
    public CompletableFuture<Void> admit(PriorityClass priorityClass, long deadlineNanos, int queueLength) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        Waiting parked;
        synchronized (this) {
            flow.arrivalsThisRound++;
            if (waiting() == 0 && flow.bucket.tryTake()) {
                if (slots.tryTake()) {
                    flow.admitted++;
                    return GO;
                }
                flow.bucket.giveBack();
            }
            if (flow.queue.size() >= queueLength) {
                flow.dropped++;
                return CompletableFuture.failedFuture(new NodeFault(FaultCode.Overloaded, "the " + name(priorityClass)
                        + " queue of virtual port '" + virtualPort + "' already holds " + queueLength
                        + " requests; this one was not sent to any provider"));
            }
            long now = time.currentTimeNanos();
            parked = new Waiting(now, deadlineNanos);
            flow.queue.addLast(parked);
        }
        parked.expiresWith(timer.schedule(() -> expire(flow, parked), Math.max(0, deadlineNanos - time.currentTimeNanos()),
                TimeUnit.NANOSECONDS));
        drain();
        return parked.ticket;
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
            slots.setRate(slotRate);
        }
        drain();
    }

    /** Requests that arrived in each class since the last call: what the allocator measures demand by. */
    public Map<PriorityClass, Long> takeArrivals() {
        Map<PriorityClass, Long> arrivals = new EnumMap<>(PriorityClass.class);
        synchronized (this) {
            for (FlowQueue flow : flows) {
                arrivals.put(flow.priorityClass, flow.arrivalsThisRound);
                flow.arrivalsThisRound = 0;
            }
        }
        return arrivals;
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
        return slots.rate();
    }

    /** Releases every request the buckets and the fair queue allow now, and sets the timer for the next. */
    private void drain() {
        List<Waiting> released = new ArrayList<>();
        synchronized (this) {
            grant(released);
            scheduleWake();
        }
        for (Waiting w : released) {
            w.ticket.complete(null);
        }
    }

    /**
     * Deficit round robin: the flow whose turn it is earns its quantum once per turn and sends while
     * its deficit, its bucket and the port's slots allow; it keeps the turn when only the slots ran out.
     */
    private void grant(List<Waiting> released) {
        int idleVisits = 0;
        while (idleVisits < flows.length && waiting() > 0) {
            FlowQueue flow = flows[turn];
            if (flow.head() == null) {
                flow.deficit = 0;
            } else {
                if (!turnCharged) {
                    flow.deficit += quantum(flow);
                    turnCharged = true;
                }
                boolean sent = false;
                while (flow.deficit >= 1 && flow.head() != null && flow.bucket.tryTake()) {
                    if (!slots.tryTake()) {
                        flow.bucket.giveBack();
                        return;
                    }
                    Waiting w = flow.queue.pollFirst();
                    flow.deficit -= 1;
                    if (w.settle()) {
                        flow.admitted++;
                        released.add(w);
                    }
                    sent = true;
                }
                if (flow.head() == null) {
                    flow.deficit = 0;
                }
                idleVisits = sent ? 0 : idleVisits + 1;
            }
            if (flow.head() == null) {
                idleVisits++;
            }
            turn = (turn + 1) % flows.length;
            turnCharged = false;
        }
    }

    /** A flow's share per turn: its weight against the lightest weight among flows now waiting. */
    private double quantum(FlowQueue flow) {
        double lightest = Double.POSITIVE_INFINITY;
        for (FlowQueue f : flows) {
            if (!f.queue.isEmpty() && f.weight > 0) {
                lightest = Math.min(lightest, f.weight);
            }
        }
        if (flow.weight <= 0 || Double.isInfinite(lightest)) {
            return 1;
        }
        return Math.min(MAX_QUANTUM, flow.weight / lightest);
    }

    private int waiting() {
        int n = 0;
        for (FlowQueue flow : flows) {
            n += flow.queue.size();
        }
        return n;
    }

    private void scheduleWake() {
        if (waiting() == 0) {
            return;
        }
        long wait = Long.MAX_VALUE;
        for (FlowQueue flow : flows) {
            if (!flow.queue.isEmpty()) {
                wait = Math.min(wait, Math.max(flow.bucket.nanosUntilNext(), slots.nanosUntilNext()));
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
            flow.timedOut++;
            waitedMs = (time.currentTimeNanos() - w.queuedAtNanos) / 1_000_000L;
        }
        w.ticket.completeExceptionally(new NodeFault(FaultCode.Timeout, "the request waited " + waitedMs + " ms in the "
                + name(flow.priorityClass) + " queue of virtual port '" + virtualPort
                + "' and its deadline passed; it was not sent to any provider"));
    }

    private static String name(PriorityClass c) {
        return c.name().toLowerCase(java.util.Locale.ROOT);
    }
}
