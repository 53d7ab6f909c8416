package org.servicedomain.node.engine.monitor;

import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAccumulator;
import java.util.concurrent.atomic.LongAdder;

/**
 * Response times in a fixed set of log-linear buckets (eight per power of two of microseconds, so
 * a percentile is off by at most an eighth), recorded without a lock. Bounded: about 2 KB whatever
 * the traffic, times from 0 to 2^36 µs (19 h); longer ones land in the last bucket.
 */
final class LatencyHistogram {

    private static final int SUB_BITS = 3;
    private static final int SUB = 1 << SUB_BITS;
    private static final int MAX_EXPONENT = 35;
    static final int BUCKETS = SUB + (MAX_EXPONENT - SUB_BITS + 1) * SUB;

    private final AtomicLongArray counts = new AtomicLongArray(BUCKETS);
    private final LongAdder sumMicros = new LongAdder();
    private final LongAccumulator maxMicros = new LongAccumulator(Math::max, 0);

    void record(long micros) {
        long v = Math.max(0, micros);
        counts.incrementAndGet(indexOf(v));
        sumMicros.add(v);
        maxMicros.accumulate(v);
    }

    static int indexOf(long micros) {
        if (micros < SUB) {
            return (int) micros;
        }
        int exponent = 63 - Long.numberOfLeadingZeros(micros);
        if (exponent > MAX_EXPONENT) {
            return BUCKETS - 1;
        }
        int sub = (int) (micros >>> (exponent - SUB_BITS)) & (SUB - 1);
        return SUB + (exponent - SUB_BITS) * SUB + sub;
    }

    /** The smallest time that falls in bucket {@code index}, in microseconds. */
    static long lowerBound(int index) {
        if (index < SUB) {
            return index;
        }
        int exponent = (index - SUB) / SUB + SUB_BITS;
        int sub = (index - SUB) % SUB;
        return (long) (SUB + sub) << (exponent - SUB_BITS);
    }

    /** The largest time that falls in bucket {@code index}, in microseconds. */
    static long upperBound(int index) {
        return index + 1 < BUCKETS ? lowerBound(index + 1) - 1 : Long.MAX_VALUE;
    }

    /** Adds this histogram's counts into {@code into} (of length {@link #BUCKETS}); returns the sum and max seen. */
    long[] addTo(long[] into) {
        for (int i = 0; i < BUCKETS; i++) {
            into[i] += counts.get(i);
        }
        return new long[] {sumMicros.sum(), maxMicros.get()};
    }

    /**
     * The time below which a {@code quantile} of the {@code counts} lie, in milliseconds: the middle
     * of the bucket that holds it, never more than {@code maxMicros}; 0 without any count.
     */
    static double quantileMs(long[] counts, long total, double quantile, long maxMicros) {
        if (total == 0) {
            return 0.0;
        }
        long rank = Math.max(1, (long) Math.ceil(quantile * total));
        long seen = 0;
        for (int i = 0; i < counts.length; i++) {
            seen += counts[i];
            if (seen >= rank) {
                double middle = (lowerBound(i) + (double) Math.min(upperBound(i), maxMicros)) / 2;
                return Math.min(middle, maxMicros) / 1000.0;
            }
        }
        return maxMicros / 1000.0;
    }
}
