package org.servicedomain.node.engine.monitor;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.LongSupplier;

/**
 * Counts over the last window of time, in {@value #BUCKETS} rotating buckets: a bucket whose time is
 * past is replaced by a fresh one (a compare-and-set, no lock) by the first writer of its new time,
 * and readers add up the buckets still inside the window. The window thus covers between
 * eleven and twelve twelfths of its length.
 */
final class SlidingWindow {

    static final int BUCKETS = 12;

    private final long bucketMillis;
    private final LongSupplier millis;
    private final AtomicReferenceArray<TrafficCounts> buckets = new AtomicReferenceArray<>(BUCKETS);

    SlidingWindow(Duration length, LongSupplier millis) {
        this.bucketMillis = Math.max(1, length.toMillis() / BUCKETS);
        this.millis = millis;
        for (int i = 0; i < BUCKETS; i++) {
            buckets.set(i, new TrafficCounts(Long.MIN_VALUE));
        }
    }

    /** The bucket of the current time, made fresh if it last held an older time. */
    TrafficCounts current() {
        long epoch = millis.getAsLong() / bucketMillis;
        int slot = (int) Math.floorMod(epoch, (long) BUCKETS);
        TrafficCounts counts = buckets.get(slot);
        while (counts.epoch != epoch) {
            if (counts.epoch > epoch) {
                return counts; // the clock went back a little: count in the newer bucket
            }
            TrafficCounts fresh = new TrafficCounts(epoch);
            if (buckets.compareAndSet(slot, counts, fresh)) {
                return fresh;
            }
            counts = buckets.get(slot);
        }
        return counts;
    }

    /** Adds the buckets inside the window into {@code sum}. */
    void addTo(TrafficCounts.Sum sum) {
        long now = millis.getAsLong() / bucketMillis;
        for (int i = 0; i < BUCKETS; i++) {
            TrafficCounts counts = buckets.get(i);
            if (counts.epoch > now - BUCKETS && counts.epoch <= now) {
                sum.add(counts);
            }
        }
    }
}
