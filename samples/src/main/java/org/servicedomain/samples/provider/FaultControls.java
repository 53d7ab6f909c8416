package org.servicedomain.samples.provider;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.random.RandomGenerator;

/**
 * The state a provider's fault injection reads on every request and tests change at runtime.
 * The normal path (no delay, mode NONE, fail rate 0) takes no lock. Delays wait on a latch that
 * {@link #close()} opens, so hundreds of delayed requests ending together do not queue for a monitor
 * (they did, and burned the CPU of a 2-core machine); HANG waits on this object's monitor.
 */
final class FaultControls {

    private final double failRate;
    private final RandomGenerator random;
    private final LongAdder received = new LongAdder();
    private final LongAdder served = new LongAdder();
    private final LongAdder calls = new LongAdder();
    private final Map<String, LongAdder> probes = new ConcurrentHashMap<>();
    private final Map<String, WorkerWaits> waits = new ConcurrentHashMap<>();
    /** The requests holding a worker now, by the symbol they asked for. */
    private final Map<String, Integer> inService = new ConcurrentHashMap<>();
    private volatile FaultMode mode = FaultMode.NONE;
    private volatile long delayMs;
    /** The workers' permits, fair so that requests queue in order as in a thread pool; null for no limit. */
    private volatile Workers workers;
    private final AtomicInteger waitingForWorker = new AtomicInteger();
    /** Counted down when the provider stops: open while its count is 1. */
    private volatile CountDownLatch running = new CountDownLatch(0);

    FaultControls(long delayMs, double failRate, int workers, RandomGenerator random) {
        this.delayMs = delayMs;
        setWorkers(workers);
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

    /** Requests queued inside, waiting for a worker. */
    int waitingForWorker() {
        return waitingForWorker.get();
    }

    int workers() {
        Workers current = workers;
        return current == null ? 0 : current.count;
    }

    /** From now on at most {@code count} requests are served at once (0: no limit); those already waiting keep their queue. */
    void setWorkers(int count) {
        if (count < 0) {
            throw new IllegalArgumentException("workers must not be negative but was " + count);
        }
        workers = count == 0 ? null : new Workers(count);
    }

    /**
     * A worker held by one request: given back once, when the request's work is done and before its
     * answer is written, so a caller that has the answer never finds the worker still taken. Knows
     * how long the request waited for it (0: one was free) and whether, when it began to wait, a
     * call for another symbol held a worker.
     */
    final class Worker {
        private final Semaphore permit;
        private final String symbol;
        private final long waitedNanos;
        private final boolean behindAnotherSymbol;
        private final AtomicBoolean held = new AtomicBoolean(true);

        private Worker(Semaphore permit, String symbol, long waitedNanos, boolean behindAnotherSymbol) {
            this.permit = permit;
            this.symbol = symbol;
            this.waitedNanos = waitedNanos;
            this.behindAnotherSymbol = behindAnotherSymbol;
        }

        long waitedNanos() {
            return waitedNanos;
        }

        /** Gives the worker back; later calls do nothing. */
        void release() {
            if (permit != null && held.compareAndSet(true, false)) {
                inService.computeIfPresent(symbol, (s, n) -> n > 1 ? n - 1 : null);
                permit.release();
            }
        }

        /** Counts the wait, if there was one, under the request's symbol. */
        void countWait() {
            if (waitedNanos > 0) {
                waits.computeIfAbsent(symbol, s -> new WorkerWaits()).add(waitedNanos, behindAnotherSymbol);
            }
        }
    }

    /** Whether the provider serves a limited number of requests at once. */
    boolean limited() {
        return workers != null;
    }

    /**
     * Waits for a free worker for a request for {@code symbol}, in arrival order behind those
     * already waiting.
     */
    Worker awaitWorker(String symbol) throws InterruptedException {
        Semaphore current = workers;
        if (current == null) {
            return new Worker(null, symbol, 0, false);
        }
        if (current.tryAcquire()) {
            inService.merge(symbol, 1, Integer::sum);
            return new Worker(current, symbol, 0, false);
        }
        long start = System.nanoTime();
        boolean behindAnother = inService.keySet().stream().anyMatch(held -> !held.equals(symbol));
        waitingForWorker.incrementAndGet();
        try {
            current.acquire();
        } finally {
            waitingForWorker.decrementAndGet();
        }
        inService.merge(symbol, 1, Integer::sum);
        return new Worker(current, symbol, Math.max(1, System.nanoTime() - start), behindAnother);
    }

    /** Requests that waited for a worker so far, by the symbol they asked for. */
    Map<String, WorkerWaits.Counts> waited() {
        Map<String, WorkerWaits.Counts> counts = new TreeMap<>();
        waits.forEach((symbol, w) -> counts.put(symbol, w.counts()));
        return counts;
    }

    /** A fair semaphore that remembers how many permits it was made with. */
    private static final class Workers extends Semaphore {
        final int count;

        Workers(int count) {
            super(count, true);
            this.count = count;
        }
    }

    /** Lets requests wait again; called when the provider starts. */
    synchronized void open() {
        running = new CountDownLatch(1);
    }

    /** Releases every waiting request; called when the provider stops. */
    synchronized void close() {
        running.countDown();
        notifyAll();
    }

    private boolean isOpen() {
        return running.getCount() > 0;
    }

    /** Waits out the current delay; false if the provider stopped meanwhile. */
    boolean awaitDelay() throws InterruptedException {
        long delay = delayMs;
        if (delay <= 0) {
            return true;
        }
        CountDownLatch current = running;
        return current.getCount() > 0 && !current.await(delay, TimeUnit.MILLISECONDS);
    }

    /** The mode to act on, waiting while it is HANG; null if the provider stopped meanwhile. */
    FaultMode awaitActionableMode() throws InterruptedException {
        FaultMode current = mode;
        if (current != FaultMode.HANG) {
            return current;
        }
        synchronized (this) {
            while (isOpen() && mode == FaultMode.HANG) {
                wait();
            }
            return isOpen() ? mode : null;
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

    void countReceived(boolean probe) {
        received.increment();
        if (!probe) {
            calls.increment();
        }
    }

    /** The W3C trace headers of the last call (not a probe) that arrived: traceparent and tracestate, either null. */
    private volatile String[] lastTrace = {null, null};

    void traced(String traceparent, String tracestate) {
        lastTrace = new String[] {traceparent, tracestate};
    }

    /** {@code traceparent} and {@code tracestate} of the last call that arrived, either null. */
    String[] lastTrace() {
        return lastTrace.clone();
    }

    void countServed() {
        served.increment();
    }

    void countProbe(String prober) {
        probes.computeIfAbsent(prober, p -> new LongAdder()).increment();
    }

    /** Probes counted so far, by prober. */
    Map<String, Long> probes() {
        Map<String, Long> counts = new TreeMap<>();
        probes.forEach((prober, count) -> counts.put(prober, count.sum()));
        return counts;
    }

    long received() {
        return received.sum();
    }

    long calls() {
        return calls.sum();
    }

    long served() {
        return served.sum();
    }
}
