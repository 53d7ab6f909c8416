package org.servicedomain.node.engine.health;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * Dispatches and failures of one instance over the last window, in twelve rotating buckets
 * replaced without a lock (as the monitor's windows are): what failure-ratio ejection reads.
 */
final class FailureWindow {

    private static final int BUCKETS = 12;

    private static final class Bucket {
        final long epoch;
        final LongAdder requests = new LongAdder();
        final LongAdder failures = new LongAdder();

        Bucket(long epoch) {
            this.epoch = epoch;
        }
    }

    /** Dispatches and failures in the window at one moment. */
    record Counts(long requests, long failures) {
        double ratio() {
            return requests == 0 ? 0.0 : (double) failures / requests;
        }
    }

    private final long bucketMillis;
    private final Clock clock;
    private final AtomicReferenceArray<Bucket> buckets = new AtomicReferenceArray<>(BUCKETS);

    FailureWindow(Duration length, Clock clock) {
        this.bucketMillis = Math.max(1, length.toMillis() / BUCKETS);
        this.clock = clock;
        clear();
    }

    void answered() {
        current().requests.increment();
    }

    void failed() {
        Bucket b = current();
        b.requests.increment();
        b.failures.increment();
    }

    Counts counts() {
        long now = clock.millis() / bucketMillis;
        long requests = 0;
        long failures = 0;
        for (int i = 0; i < BUCKETS; i++) {
            Bucket b = buckets.get(i);
            if (b.epoch > now - BUCKETS && b.epoch <= now) {
                requests += b.requests.sum();
                failures += b.failures.sum();
            }
        }
        return new Counts(requests, failures);
    }

    /** Forgets everything counted: an instance that came back starts with a clean window. */
    void clear() {
        for (int i = 0; i < BUCKETS; i++) {
            buckets.set(i, new Bucket(Long.MIN_VALUE));
        }
    }

    private Bucket current() {
        long epoch = clock.millis() / bucketMillis;
        int slot = (int) Math.floorMod(epoch, (long) BUCKETS);
        Bucket b = buckets.get(slot);
        while (b.epoch < epoch) {
            Bucket fresh = new Bucket(epoch);
            if (buckets.compareAndSet(slot, b, fresh)) {
                return fresh;
            }
            b = buckets.get(slot);
        }
        return b;
    }
}
