package org.servicedomain.node.engine.admission;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;

/**
 * A simulated provider with {@code workers} serving calls of {@code serviceNanos} each and queueing the
 * rest inside, first come first served, as a thread pool does, fed by a node that always has more
 * calls to send than the limit lets on; simulated time in steps of 1 ms.
 */
final class SimulatedQueueingProvider {

    static final long MS = 1_000_000L;

    int workers;
    long serviceNanos;
    /** Each call takes up to this share longer than {@code serviceNanos}, drawn evenly. */
    double jitter;
    private final java.util.Random random = new java.util.Random(26);
    long now = 1_000 * MS;
    private final ArrayDeque<Long> waitingInside = new ArrayDeque<>();
    private final List<Integer> knownGoodPerSecond = new ArrayList<>();
    /** Calls being served, by the time they end; each holds when it was sent. */
    private final PriorityQueue<long[]> serving = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    private long calls;
    private long queuedCalls;
    private int millis;
    private int lowestLimit;
    private int highestLimit;
    private int highestKnownGood;

    SimulatedQueueingProvider(int workers, long serviceNanos) {
        this.workers = workers;
        this.serviceNanos = serviceNanos;
    }

    /**
     * Runs {@code millis} of simulated time with the node always sending up to the limit; the
     * limit seen each second.
     */
    List<Integer> run(AdaptiveLimit limit, int millis) {
        List<Integer> perSecond = new ArrayList<>();
        knownGoodPerSecond.clear();
        calls = 0;
        queuedCalls = 0;
        this.millis = millis;
        lowestLimit = Integer.MAX_VALUE;
        highestLimit = 0;
        highestKnownGood = 0;
        for (int step = 0; step < millis; step++) {
            step(limit);
            lowestLimit = Math.min(lowestLimit, limit.limit());
            highestLimit = Math.max(highestLimit, limit.limit());
            highestKnownGood = Math.max(highestKnownGood, limit.knownGood());
            if (step % 1000 == 999) {
                perSecond.add(limit.limit());
                knownGoodPerSecond.add(limit.knownGood());
            }
        }
        return perSecond;
    }

    /** Runs until {@code reached} holds, for at most {@code maxMillis} of simulated time; whether it came. */
    boolean runUntil(AdaptiveLimit limit, java.util.function.BooleanSupplier reached, int maxMillis) {
        for (int step = 0; step < maxMillis; step++) {
            step(limit);
            if (reached.getAsBoolean()) {
                return true;
            }
        }
        return false;
    }

    /** One millisecond: answers what ended, sends up to the limit, starts what workers are free for. */
    private void step(AdaptiveLimit limit) {
        now += MS;
        while (!serving.isEmpty() && serving.peek()[0] <= now) {
            long sentAt = serving.poll()[1];
            limit.answered(now - sentAt, inFlight(), now);
        }
        while (inFlight() < limit.limit()) {
            waitingInside.addLast(now);
            limit.sending(inFlight(), now);
        }
        while (serving.size() < workers && !waitingInside.isEmpty()) {
            long sentAt = waitingInside.pollFirst();
            calls++;
            if (sentAt < now) {
                queuedCalls++;
            }
            long service = serviceNanos + (long) (serviceNanos * jitter * random.nextDouble());
            serving.add(new long[] {now + service, sentAt});
        }
    }

    /** The known-good limit seen each second of the last run. */
    List<Integer> knownGoodPerSecond() {
        return knownGoodPerSecond;
    }

    int highestLimit() {
        return highestLimit;
    }

    int highestKnownGood() {
        return highestKnownGood;
    }

    /** The lowest limit of the last run. */
    int lowestLimit() {
        return lowestLimit;
    }

    double callsPerSecond() {
        return calls * 1000.0 / millis;
    }

    double queuedShare() {
        return calls == 0 ? 0 : (double) queuedCalls / calls;
    }

    private int inFlight() {
        return waitingInside.size() + serving.size();
    }
}
