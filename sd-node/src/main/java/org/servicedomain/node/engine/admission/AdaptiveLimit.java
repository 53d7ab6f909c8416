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
 * rather than queueing), by cutting the limit to a quarter until the instance's calls drained and
 * timing one window there, as BBR's ProbeRTT does. Thread-safe; one lock per instance, held for a few steps.
 *
 * <p>Beside the limit it keeps a {@linkplain #knownGood() known-good} one: the most calls a window
 * showed the instance serving at once without queueing. The limit probes above it; the high class
 * stays within it, so a probe's queueing at the provider is never a high call's.
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
    /**
     * Windows after which the unqueued response time is first measured with the instance drained:
     * the first windows may have queued already (a flood on a new instance), so nothing is known
     * good before.
     */
    static final int WINDOWS_BEFORE_FIRST_REMEASURE = 3;
    /**
     * Added to the mean calls held before rounding down: a window held at 10 averages a little
     * less (between an answer and the next call), one that spent a fifth of itself at 11 no more
     * than 10.2.
     */
    static final double HELD_ROUNDING = 0.3;
    /** Probes in a row without queueing after which the limit grows by an eighth per window. */
    static final int STEADY_PROBES_TO_GROW_FAST = 8;

    private enum Phase { ADAPTING, DRAINING, REMEASURING }

    private final int max;
    /** How long an unqueued response time is trusted here: jittered, so that instances do not re-measure all at once. */
    private final long minRttSpan;
    private volatile int limit;
    private volatile int knownGood;
    /** The unqueued response time the known-good limit was measured against. */
    private long knownGoodRtt;
    /**
     * What the last window showed the instance serving at once without queueing (0 after one that
     * queued): the known-good limit rises only to what two windows in a row showed, since a short
     * window's rate is off by a call either way.
     */
    private int seenLastWindow;

    private long windowStart = Long.MIN_VALUE;
    private int samples;
    private long rttSum;
    private int peakInFlight;
    /** The calls held at the instance over the window, integrated over time: over its length, the mean held at once. */
    private double callNanos;
    private int heldInFlight;
    private long inFlightSince;
    private boolean failedInWindow;

    private Phase phase = Phase.ADAPTING;
    private int limitBeforeRemeasure;
    private long minRtt;
    private long minRttAt;
    /** Whether a window timed with the instance drained confirmed the unqueued response time. */
    private volatile boolean minRttConfirmed;
    private int windowsAdapted;
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

    /**
     * The most calls the instance was seen serving at once without queueing, by the lower of two
     * measures of one window: the calls it held at once on average (a brief peak that queued a
     * call or two hides in the window's mean response time, so the peak is no proof), and its rate
     * times its unqueued response time (what it serves at once by Little's law, which a queue
     * inside does not inflate); lowered to that rate's measure after a window that queued, and never above the
     * limit. Until the unqueued response time was confirmed by draining the instance (the first
     * window may already have queued), nothing is known good and this is the limit itself.
     */
    int knownGood() {
        return minRttConfirmed ? Math.min(knownGood, limit) : limit;
    }

    /** Whether the known-good limit was measured, rather than the limit standing in for it. */
    boolean knownGoodMeasured() {
        return minRttConfirmed;
    }

    /** The response time without queueing in nanoseconds, 0 until a window was measured. */
    synchronized long minRttNanos() {
        return minRtt;
    }

    /** Calls in flight at the instance as one more is sent. */
    synchronized void sending(int inFlight, long nowNanos) {
        if (windowStart == Long.MIN_VALUE) {
            windowStart = nowNanos;
            inFlightSince = nowNanos;
        }
        heldFor(inFlight, nowNanos);
        peakInFlight = Math.max(peakInFlight, inFlight);
    }

    /** Adds the calls held since the last change to the window's call-time, then holds {@code inFlight}. */
    private void heldFor(int inFlight, long now) {
        callNanos += (double) heldInFlight * (now - inFlightSince);
        heldInFlight = inFlight;
        inFlightSince = now;
    }

    /** A call answered after {@code rttNanos}, leaving {@code inFlight} calls at the instance. */
    synchronized void answered(long rttNanos, int inFlight, long nowNanos) {
        heldFor(inFlight, nowNanos);
        if (phase == Phase.REMEASURING && nowNanos - rttNanos < windowStart) {
            closeWindowIfDue(inFlight, nowNanos); // sent before the instance drained: it may have queued
            return;
        }
        samples++;
        rttSum += rttNanos;
        closeWindowIfDue(inFlight, nowNanos);
    }

    /** A call that got no answer in time: the instance is past what it can take. */
    synchronized void timedOut(int inFlight, long nowNanos) {
        heldFor(inFlight, nowNanos);
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
            case REMEASURING -> remeasured(rtt, now, elapsed);
            case ADAPTING -> adapt(rtt, now, elapsed);
        }
        windowStart = now;
        samples = 0;
        rttSum = 0;
        peakInFlight = 0;
        callNanos = 0;
        failedInWindow = false;
    }

    private void adapt(long rtt, long now, long elapsed) {
        if (rtt == 0) {
            limit = Math.max(1, (int) (limit * 0.8));
            return;
        }
        if (minRtt == 0 || rtt < minRtt) {
            unqueuedRtt(rtt, now);
        }
        int servedAtOnce = (int) Math.round(samples * (double) minRtt / elapsed);
        if (failedInWindow || rtt > queueingThreshold()) {
            if (knownGood > 0) {
                knownGood = Math.max(1, Math.min(knownGood, failedInWindow ? (int) (limit * 0.8) : servedAtOnce));
            }
            seenLastWindow = 0;
            decrease(rtt);
        } else {
            minRttAt = now;
            decreasesInARow = 0;
            if (minRttConfirmed) {
                int heldAtOnce = (int) (callNanos / elapsed + HELD_ROUNDING);
                int seen = Math.min(Math.min(heldAtOnce, servedAtOnce), limit);
                if (Math.min(seen, seenLastWindow) > knownGood) {
                    knownGood = Math.min(seen, seenLastWindow);
                    knownGoodRtt = minRtt;
                }
                seenLastWindow = seen;
            }
            if (peakInFlight >= limit) {
                grow();
            }
        }
        windowsAdapted++;
        if (now - minRttAt > minRttSpan || decreasesInARow >= DECREASES_BEFORE_REMEASURE
                || (!minRttConfirmed && windowsAdapted >= WINDOWS_BEFORE_FIRST_REMEASURE)) {
            limitBeforeRemeasure = limit;
            limit = Math.max(1, limit / 4);
            phase = Phase.DRAINING;
            decreasesInARow = 0;
        }
    }

    /**
     * A new unqueued response time. One lower by more than the noise shows the old was inflated by
     * a queue, and so was the known-good limit measured against it: that scales down with it,
     * rounded down (a higher one leaves it).
     */
    private void unqueuedRtt(long rtt, long now) {
        if (knownGood > 0 && rtt < knownGoodRtt * (1 - NOISE)) {
            knownGood = Math.max(1, (int) (knownGood * (double) rtt / knownGoodRtt));
            knownGoodRtt = rtt;
        }
        minRtt = rtt;
        minRttAt = now;
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

    /**
     * The window timed at a quarter of the limit, its calls drained: its response time is the
     * unqueued one, and the calls it held at once are known good when nothing better is.
     */
    private void remeasured(long rtt, long now, long elapsed) {
        if (rtt > 0) {
            unqueuedRtt(rtt, now);
            if (knownGood == 0) {
                knownGood = Math.max(1, Math.min((int) Math.round(callNanos / elapsed), limit));
                knownGoodRtt = rtt;
            }
            minRttConfirmed = true;
        }
        limit = limitBeforeRemeasure;
        phase = Phase.ADAPTING;
        holdWindows = 0;
    }
}
