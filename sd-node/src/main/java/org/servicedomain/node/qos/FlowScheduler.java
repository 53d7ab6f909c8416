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
 * The flows of one virtual port: each class's queue behind its leaky bucket, and the port's dispatch
 * permits (as many calls at once as its instances' concurrency limits allow, and dispatch slots at
 * the rate of a declared capacity). The high class takes a free permit first, as far as its bucket
 * lets it; the middle and low classes share the rest by deficit round robin weighted by their
 * allocations; permits the buckets leave idle are lent in class order (work-conserving, as an HTB
 * class borrows). A request that finds every queue empty, a permit free and both buckets with room goes
 * on at once; otherwise it waits as data, and a freed permit or the timer releases it when its turn
 * and the buckets allow, or answers {@code Timeout} at its deadline. One lock per port.
 */
public final class FlowScheduler {

    private static final CompletableFuture<Void> GO = CompletableFuture.completedFuture(null);
    /**
     * The most requests one flow sends in one turn of the round robin, however large its weight: a
     * turn must not hold freed permits for long while other flows wait.
     */
    static final double MAX_QUANTUM = 16;
    /** The flows after the high class, in the order their turns come. */
    private static final int FIRST_SHARED = PriorityClass.HIGH.ordinal() + 1;

    private final String virtualPort;
    private final ScheduledExecutorService timer;
    private final TimeMeter time;
    private final FlowQueue[] flows;
    private final LeakyBucket slots;
    private int concurrency = Integer.MAX_VALUE;
    private int inService;
    /** Permits kept for the high class's calls: what its demand holds at once. */
    private int highReserve;
    /** The high class's rate, whose burst's worth of dispatch slots the other classes leave it. */
    private double highReserveTps;
    private int turn = FIRST_SHARED;
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
     * {@link System#nanoTime()}'s scale, came while it waited). A completed ticket holds a dispatch
     * permit until {@link #release} gives it back.
     */
    public CompletableFuture<Void> admit(PriorityClass priorityClass, long deadlineNanos, int queueLength) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        Waiting parked;
        synchronized (this) {
            flow.arrivalsThisRound++;
            if (waiting() == 0 && inService < permitsFor(flow)) {
                boolean token = flow.bucket.tryTake();
                if ((token || lends(flow)) && takeSlot(flow)) {
                    letOn(flow);
                    return GO;
                }
                if (token) {
                    flow.bucket.giveBack();
                }
            }
            if (flow.queue.size() >= queueLength) {
                flow.dropped++;
                return Completions.failed(new NodeFault(FaultCode.Overloaded, "the " + name(priorityClass)
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

    /**
     * Gives back the dispatch permit of a call let on in {@code priorityClass} that held it for
     * {@code heldNanos}, and lets the next waiting request on.
     */
    public void release(PriorityClass priorityClass, long heldNanos) {
        FlowQueue flow = flows[priorityClass.ordinal()];
        synchronized (this) {
            inService = Math.max(0, inService - 1);
            flow.inService = Math.max(0, flow.inService - 1);
            flow.servedThisRound++;
            flow.serviceNanosThisRound += heldNanos;
            if (waiting() == 0) {
                return;
            }
        }
        drain();
    }

    /** How many calls of this port may be let on at once: the sum of its instances' concurrency limits. */
    public void limitConcurrency(int permits) {
        synchronized (this) {
            if (permits == concurrency) {
                return;
            }
            concurrency = Math.max(1, permits);
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
            highReserve = Math.max(0, permits);
            highReserveTps = Math.max(0, tps);
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
        return slots.rate();
    }

    /** The calls let on at once now, and how many may be. */
    public synchronized int inService() {
        return inService;
    }

    public synchronized int concurrency() {
        return concurrency;
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
     * The high class first, as far as its bucket and the permits allow; then deficit round robin
     * over the others: the flow whose turn it is earns its quantum once per turn and sends while its
     * deficit, its bucket and the permits allow; it keeps the turn when only the permits ran out.
     * What the buckets leave idle is lent.
     */
    private void grant(List<Waiting> released) {
        shareByAllocation(released);
        if (concurrency != Integer.MAX_VALUE) {
            lendIdlePermits(released);
        }
    }

    /**
     * Permits the flows' buckets leave idle go to the waiting flows in class order, their buckets
     * aside: the instances' concurrency limits already keep the providers' queues short, so a permit
     * left unused would only slow the port down. Only while the permits are bounded by measured
     * limits; the port's slots (a declared or node capacity) still apply.
     */
    private void lendIdlePermits(List<Waiting> released) {
        for (FlowQueue flow : flows) {
            while (lends(flow) && inService < permitsFor(flow) && flow.head() != null) {
                if (!takeSlot(flow)) {
                    return;
                }
                Waiting w = flow.queue.pollFirst();
                if (w.settle()) {
                    letOn(flow);
                    released.add(w);
                }
            }
        }
    }

    private void shareByAllocation(List<Waiting> released) {
        if (!sendWhileAllowed(flows[PriorityClass.HIGH.ordinal()], Double.POSITIVE_INFINITY, released)) {
            return;
        }
        int shared = flows.length - FIRST_SHARED;
        int idleVisits = 0;
        while (idleVisits < shared && waiting() > 0) {
            FlowQueue flow = flows[turn];
            if (flow.head() == null) {
                flow.deficit = 0;
                idleVisits++;
            } else {
                if (!turnCharged) {
                    flow.deficit += quantum(flow);
                    turnCharged = true;
                }
                int before = released.size();
                if (!sendWhileAllowed(flow, flow.deficit, released)) {
                    flow.deficit -= released.size() - before;
                    return;
                }
                flow.deficit -= released.size() - before;
                if (flow.head() == null) {
                    flow.deficit = 0;
                }
                idleVisits = released.size() > before ? 0 : idleVisits + 1;
            }
            turn = turn + 1 == flows.length ? FIRST_SHARED : turn + 1;
            turnCharged = false;
        }
    }

    /**
     * Lets the flow's waiting requests on, up to {@code allowance} of them, while its bucket and the
     * port's permits and slots allow; false when the permits or slots ran out (nothing else can go).
     */
    private boolean sendWhileAllowed(FlowQueue flow, double allowance, List<Waiting> released) {
        int sent = 0;
        while (sent + 1 <= allowance && flow.head() != null) {
            if (inService >= permitsFor(flow)) {
                return flow.priorityClass == PriorityClass.HIGH ? false : inService < concurrency;
            }
            if (!flow.bucket.tryTake()) {
                return true;
            }
            if (!takeSlot(flow)) {
                flow.bucket.giveBack();
                return false;
            }
            Waiting w = flow.queue.pollFirst();
            if (w.settle()) {
                letOn(flow);
                released.add(w);
                sent++;
            }
        }
        return true;
    }

    /** A dispatch slot for the flow: the high class takes any; the others leave the high class's keep. */
    private boolean takeSlot(FlowQueue flow) {
        return flow.priorityClass == PriorityClass.HIGH ? slots.tryTake() : slots.tryTakeLeaving(highReserveTps);
    }

    /** Whether idle permits go to the flow past its bucket: while the permits are bounded and no shared node holds it to its rate. */
    private boolean lends(FlowQueue flow) {
        return concurrency != Integer.MAX_VALUE && !flow.heldToRate;
    }

    /** The permits the flow may see in service: all of them for the high class, the others less its reserve not yet in use. */
    private int permitsFor(FlowQueue flow) {
        if (flow.priorityClass == PriorityClass.HIGH || concurrency == Integer.MAX_VALUE) {
            return concurrency;
        }
        return concurrency - Math.max(0, highReserve - flows[PriorityClass.HIGH.ordinal()].inService);
    }

    private void letOn(FlowQueue flow) {
        flow.admitted++;
        flow.inService++;
        inService++;
    }

    /** A flow's share per turn: its weight against the lightest weight among the sharing flows now waiting. */
    private double quantum(FlowQueue flow) {
        double lightest = Double.POSITIVE_INFINITY;
        for (int i = FIRST_SHARED; i < flows.length; i++) {
            FlowQueue f = flows[i];
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

    /** Sets the timer for when a bucket or the slots next have room; a freed permit drains by itself. */
    private void scheduleWake() {
        if (waiting() == 0 || inService >= concurrency) {
            return;
        }
        long wait = Long.MAX_VALUE;
        for (FlowQueue flow : flows) {
            if (!flow.queue.isEmpty()) {
                long slot = flow.priorityClass == PriorityClass.HIGH ? slots.nanosUntilNext() : slots.nanosUntilNextLeaving(highReserveTps);
                wait = Math.min(wait, Math.max(flow.bucket.nanosUntilNext(), slot));
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
        w.ticket.completeExceptionally(Completions.rethrown(new NodeFault(FaultCode.Timeout, "the request waited "
                + waitedMs + " ms in the " + name(flow.priorityClass) + " queue of virtual port '" + virtualPort
                + "' and its deadline passed; it was not sent to any provider")));
    }

    private static String name(PriorityClass c) {
        return c.name().toLowerCase(java.util.Locale.ROOT);
    }
}
