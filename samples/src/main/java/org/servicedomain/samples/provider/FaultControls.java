package org.servicedomain.samples.provider;

import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.random.RandomGenerator;

/**
 * The state a provider's fault injection reads on every request and tests change at runtime.
 * The normal path (no delay, mode NONE, fail rate 0) takes no lock; only delays and HANG wait on
 * this object's monitor, and {@link #close()} wakes them all.
 */
final class FaultControls {

    private final double failRate;
    private final RandomGenerator random;
    private final LongAdder received = new LongAdder();
    private final LongAdder served = new LongAdder();
    private volatile FaultMode mode = FaultMode.NONE;
    private volatile long delayMs;
    private boolean open;

    FaultControls(long delayMs, double failRate, RandomGenerator random) {
        this.delayMs = delayMs;
        this.failRate = failRate;
        this.random = Objects.requireNonNull(random, "random");
    }

    FaultMode mode() {
        return mode;
    }

    synchronized void setMode(FaultMode mode) {
        this.mode = Objects.requireNonNull(mode, "mode");
        notifyAll();
    }

    long delayMs() {
        return delayMs;
    }

    void setDelayMs(long delayMs) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delayMs must not be negative but was " + delayMs);
        }
        this.delayMs = delayMs;
    }

    /** Lets requests wait again; called when the provider starts. */
    synchronized void open() {
        open = true;
    }

    /** Releases every waiting request; called when the provider stops. */
    synchronized void close() {
        open = false;
        notifyAll();
    }

    /** Waits out the current delay; false if the provider stopped meanwhile. */
    boolean awaitDelay() throws InterruptedException {
        long delay = delayMs;
        if (delay <= 0) {
            return true;
        }
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delay);
        synchronized (this) {
            long remaining;
            while (open && (remaining = deadline - System.nanoTime()) > 0) {
                TimeUnit.NANOSECONDS.timedWait(this, remaining);
            }
            return open;
        }
    }

    /** The mode to act on, waiting while it is HANG; null if the provider stopped meanwhile. */
    FaultMode awaitActionableMode() throws InterruptedException {
        FaultMode current = mode;
        if (current != FaultMode.HANG) {
            return current;
        }
        synchronized (this) {
            while (open && mode == FaultMode.HANG) {
                wait();
            }
            return open ? mode : null;
        }
    }

    /** Whether this request is one of the fail-rate's random failures. */
    boolean drawFailure() {
        if (failRate <= 0) {
            return false;
        }
        if (failRate >= 1) {
            return true;
        }
        synchronized (random) {
            return random.nextDouble() < failRate;
        }
    }

    double failRate() {
        return failRate;
    }

    void countReceived() {
        received.increment();
    }

    void countServed() {
        served.increment();
    }

    long received() {
        return received.sum();
    }

    long served() {
        return served.sum();
    }
}
