package org.servicedomain.node.engine.admission;

import java.util.concurrent.ThreadLocalRandom;

/**
 * How many calls one instance gets at once, found from what the node measures rather than declared:
 * the calls it serves at once without queueing (its rate while saturated times its unqueued
 * response time, as TCP BBR sizes its window by the bandwidth-delay product), probed upward while the limit is used in full and nothing
 * queues. A provider that queues calls inside itself shows it as a response time above its
 * unqueued one; the limit then drops to what it really serves at once, so the excess waits in the
 * node's class queues, where priorities and deadlines apply.
 *
 * <p>Measured in windows of at least {@link #MIN_WINDOW_NANOS} and two response times. Until the
 * first queueing it grows by a quarter per window; after it, by one call per probe (an eighth after
 * {@link #STEADY_PROBES_TO_GROW_FAST} probes in a row found no queue), with {@link #HOLD_WINDOWS}
 * windows between a decrease and the next probe, so an instance spends little time over its
 * capacity. A window without queueing confirms the unqueued response time; when none has for
 * {@link #MIN_RTT_SPAN_NANOS}, and after {@link #DECREASES_BEFORE_REMEASURE} decreases in a row (the provider may have become slower
 * rather than queueing), by halving the limit until the instance's calls drained and timing one
 * window there, as BBR's ProbeRTT does. Thread-safe; one lock per instance, held for a few steps.
 */
final class AdaptiveLimit {

    /** Where a limit starts before anything was measured. */
    static final int INITIAL = 16;
    static final long MIN_WINDOW_NANOS = 100_000_000L;
    static final int MIN_SAMPLES = 5;
    /** The most a window's response time may be above the unqueued one and still count as not queueing. */
    static final double TOLERANCE = 0.1;
    /**
     * The least it may be above: a window's mean response time wanders by a few per cent with the
     * machine's load (scheduling, collections) however many calls the provider holds, and one call
     * queued at a provider serving dozens at once delays the others by less than that.
     */
    static final double NOISE = 0.05;
    /** Queueing shorter than this is noise in the measurement, not a queue worth avoiding. */
    static final long SLACK_NANOS = 2_000_000L;
    static final int HOLD_WINDOWS = 4;
    /** How long an unqueued response time no window confirmed is trusted before it is measured again. */
    static final long MIN_RTT_SPAN_NANOS = 10_000_000_000L;
    static final int DECREASES_BEFORE_REMEASURE = 6;
    /** Probes in a row without queueing after which the limit grows by an eighth per window. */
    static final int STEADY_PROBES_TO_GROW_FAST = 8;

    private enum Phase { ADAPTING, DRAINING, REMEASURING }

    private final int max;
    /** How long an unqueued response time is trusted here: jittered, so that instances do not re-measure all at once. */
    private final long minRttSpan;
    private volatile int limit;

    private long windowStart = Long.MIN_VALUE;
    private int samples;
    private long rttSum;
    private int peakInFlight;
    private boolean failedInWindow;

    private Phase phase = Phase.ADAPTING;
    private int limitBeforeRemeasure;
    private long minRtt;
    private long minRttAt;
    private boolean congested;
    private int holdWindows;
    private int steadyProbes;
    private int decreasesInARow;

    /** A limit whose re-measuring span is {@link #MIN_RTT_SPAN_NANOS} jittered by up to a quarter either way. */
    AdaptiveLimit(int max) {
        this(max, MIN_RTT_SPAN_NANOS * (0.75 + 0.5 * ThreadLocalRandom.current().nextDouble()));
    }

    AdaptiveLimit(int max, double minRttSpanNanos) {
        this.max = Math.max(1, max);
        this.limit = Math.min(INITIAL, this.max);
        this.minRttSpan = (long) minRttSpanNanos;
    }

    int limit() {
        return limit;
    }

    /** The response time without queueing in nanoseconds, 0 until a window was measured. */
    synchronized long minRttNanos() {
        return minRtt;
    }

    /** Calls in flight at the instance as one more is sent. */
    synchronized void sending(int inFlight, long nowNanos) {
        if (windowStart == Long.MIN_VALUE) {
            windowStart = nowNanos;
        }
        peakInFlight = Math.max(peakInFlight, inFlight);
    }

    /** A call answered after {@code rttNanos}, leaving {@code inFlight} calls at the instance. */
    synchronized void answered(long rttNanos, int inFlight, long nowNanos) {
        samples++;
        rttSum += rttNanos;
        closeWindowIfDue(inFlight, nowNanos);
    }

    /** A call that got no answer in time: the instance is past what it can take. */
    synchronized void timedOut(int inFlight, long nowNanos) {
        failedInWindow = true;
        closeWindowIfDue(inFlight, nowNanos);
    }

    /**
     * A call the request's own deadline ended after {@code elapsedNanos}, often before the instance
     * could have answered (the request waited in the node's queue first): a sign of queueing only
     * when it had already taken longer than an unqueued call does.
     */
    synchronized void cutShort(long elapsedNanos, int inFlight, long nowNanos) {
        if (minRtt > 0 && elapsedNanos > queueingThreshold()) {
            timedOut(inFlight, nowNanos);
        }
    }

    private void closeWindowIfDue(int inFlight, long now) {
        long elapsed = now - windowStart;
        if (elapsed < Math.max(MIN_WINDOW_NANOS, 2 * minRtt) || (samples < MIN_SAMPLES && !failedInWindow)
                || (phase == Phase.DRAINING && inFlight > limit)) {
            return;
        }
        long rtt = samples == 0 ? 0 : rttSum / samples;
        switch (phase) {
            case DRAINING -> phase = Phase.REMEASURING;
            case REMEASURING -> remeasured(rtt, now);
            case ADAPTING -> adapt(rtt, now);
        }
        windowStart = now;
        samples = 0;
        rttSum = 0;
        peakInFlight = 0;
        failedInWindow = false;
    }

    private void adapt(long rtt, long now) {
        if (rtt == 0) {
            limit = Math.max(1, (int) (limit * 0.8));
            return;
        }
        if (minRtt == 0 || rtt < minRtt) {
            minRtt = rtt;
            minRttAt = now;
        }
        if (failedInWindow || rtt > queueingThreshold()) {
            decrease(rtt);
        } else {
            minRttAt = now;
            decreasesInARow = 0;
            if (peakInFlight >= limit) {
                grow();
            }
        }
        if (now - minRttAt > minRttSpan || decreasesInARow >= DECREASES_BEFORE_REMEASURE) {
            limitBeforeRemeasure = limit;
            limit = Math.max(1, limit / 2);
            phase = Phase.DRAINING;
            decreasesInARow = 0;
        }
    }

    /** The response time above which calls queued at the instance. */
    private long queueingThreshold() {
        return (long) (minRtt * (1 + tolerance())) + SLACK_NANOS;
    }

    /**
     * How far above the unqueued response time a window may be and still count as not queueing:
     * less than one queued call adds at the current limit (it adds 1/limit of the response time
     * to the average), so a single call waiting inside a provider that serves a few at once is
     * seen; never less than {@link #NOISE} (at a provider serving many at once, a queued call costs
     * the others less than the noise) nor more than {@link #TOLERANCE}.
     */
    private double tolerance() {
        return Math.min(TOLERANCE, Math.max(NOISE, 0.5 / limit));
    }

    /**
     * Halfway down to what the instance served at once in this window: it was saturated (calls
     * queued), so by Little's law the calls it held, stretched from the unqueued response time to
     * this one, are what it serves at once plus its queue. Halfway, because a window that spans a
     * change of limit overstates the queue.
     */
    private void decrease(long rtt) {
        int served = (int) Math.round((double) limit * minRtt / rtt);
        int halfway = limit - Math.max(1, (limit - served + 1) / 2);
        int lower = failedInWindow ? (int) (limit * 0.8) : halfway;
        limit = Math.max(1, Math.min(limit, lower));
        congested = true;
        holdWindows = HOLD_WINDOWS;
        steadyProbes = 0;
        decreasesInARow++;
    }

    private void grow() {
        if (holdWindows > 0) {
            holdWindows--;
            return;
        }
        steadyProbes++;
        int step = !congested ? Math.max(1, limit / 4)
                : steadyProbes >= STEADY_PROBES_TO_GROW_FAST ? Math.max(1, limit / 8) : 1;
        limit = Math.min(max, limit + step);
    }

    /** The window timed at half the limit, its calls drained: its response time is the unqueued one. */
    private void remeasured(long rtt, long now) {
        if (rtt > 0) {
            minRtt = rtt;
            minRttAt = now;
        }
        limit = limitBeforeRemeasure;
        phase = Phase.ADAPTING;
        holdWindows = 0;
    }
}
