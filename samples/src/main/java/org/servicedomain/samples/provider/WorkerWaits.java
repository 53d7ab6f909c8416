package org.servicedomain.samples.provider;

import java.util.concurrent.atomic.LongAdder;

/**
 * The waits for a worker of the requests of one symbol: how many, how many of them lasted
 * {@link #QUEUED_NANOS} or more (queued behind calls in service, rather than arriving as a worker was
 * being given back), their total time, and how many of the queued ones began while a call for
 * another symbol held a worker.
 */
final class WorkerWaits {

    /** A wait this long or longer was one behind calls in service. */
    static final long QUEUED_NANOS = 1_000_000L;

    /** A snapshot of the counts. */
    record Counts(long waits, long queued, long totalNanos, long queuedBehindAnotherSymbol) {
    }

    private final LongAdder waits = new LongAdder();
    private final LongAdder queued = new LongAdder();
    private final LongAdder totalNanos = new LongAdder();
    private final LongAdder queuedBehindAnotherSymbol = new LongAdder();

    /** A wait of {@code nanos}; {@code behindAnotherSymbol}: a call for another symbol held a worker as it began. */
    void add(long nanos, boolean behindAnotherSymbol) {
        waits.increment();
        totalNanos.add(nanos);
        if (nanos >= QUEUED_NANOS) {
            queued.increment();
            if (behindAnotherSymbol) {
                queuedBehindAnotherSymbol.increment();
            }
        }
    }

    Counts counts() {
        return new Counts(waits.sum(), queued.sum(), totalNanos.sum(), queuedBehindAnotherSymbol.sum());
    }
}
