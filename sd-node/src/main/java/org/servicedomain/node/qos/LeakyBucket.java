package org.servicedomain.node.qos;

import io.github.bucket4j.Bandwidth;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.TokensInheritanceStrategy;
import io.github.bucket4j.local.LocalBucket;
import io.github.bucket4j.local.SynchronizationStrategy;
import java.time.Duration;

/**
 * The rate at which requests may leave one queue: a leaky bucket of {@code rate} requests per
 * second that holds at most {@link #BURST} worth of them, so a flow cannot save up bandwidth it
 * did not use. Bucket4j does the arithmetic (in thousandths of a request, for fractional rates);
 * an infinite rate lets everything through and a zero rate nothing. Not thread-safe: its owner
 * calls it under its own lock.
 */
final class LeakyBucket {

    /** How much unused rate a bucket keeps: what it would pass in this time. */
    static final Duration BURST = Duration.ofMillis(100);

    private static final long UNITS = 1000;

    private final TimeMeter time;
    private double rate;
    private LocalBucket bucket;

    LeakyBucket(TimeMeter time, double rate) {
        this.time = time;
        this.rate = rate;
        this.bucket = finite(rate) ? build(rate) : null;
    }

    double rate() {
        return rate;
    }

    /** Changes the rate, keeping the tokens the bucket holds (up to its new size). */
    void setRate(double newRate) {
        if (newRate == rate) {
            return;
        }
        if (!finite(newRate)) {
            bucket = null;
        } else if (bucket == null) {
            bucket = build(newRate);
        } else {
            bucket.replaceConfiguration(configuration(newRate), TokensInheritanceStrategy.AS_IS);
        }
        rate = newRate;
    }

    /** Takes one request's worth if the bucket has it. */
    boolean tryTake() {
        return rate > 0 && (bucket == null || bucket.tryConsume(UNITS));
    }

    /**
     * Takes one request's worth only if what {@code reservedTps} would take in one {@link #BURST}
     * stays in the bucket (at most all but one request's worth): a higher class's keep, so it never
     * waits for the next refill behind the lower classes, while they still have the rest of the rate.
     */
    boolean tryTakeLeaving(double reservedTps) {
        long kept = kept(reservedTps);
        if (kept == 0) {
            return tryTake();
        }
        return bucket.getAvailableTokens() >= kept + UNITS && bucket.tryConsume(UNITS);
    }

    /** Gives back what {@link #tryTake} took, when the request could not leave after all. */
    void giveBack() {
        if (bucket != null) {
            bucket.addTokens(UNITS);
        }
    }

    /** Nanoseconds until one request may leave: 0 now, {@link Long#MAX_VALUE} never (rate zero). */
    long nanosUntilNext() {
        if (rate <= 0) {
            return Long.MAX_VALUE;
        }
        if (bucket == null) {
            return 0;
        }
        return bucket.estimateAbilityToConsume(UNITS).getNanosToWaitForRefill();
    }

    /** Nanoseconds until one request may leave with {@code reservedTps}'s keep staying behind, as {@link #tryTakeLeaving} takes it. */
    long nanosUntilNextLeaving(double reservedTps) {
        long kept = kept(reservedTps);
        if (kept == 0) {
            return nanosUntilNext();
        }
        return bucket.estimateAbilityToConsume(kept + UNITS).getNanosToWaitForRefill();
    }

    /** In thousandths of a request, what {@code reservedTps} takes in one {@link #BURST}, up to all but one request's worth of the bucket. */
    private long kept(double reservedTps) {
        if (bucket == null || !(reservedTps > 0)) {
            return 0;
        }
        long wanted = Math.round(Math.min(reservedTps, rate) * UNITS * BURST.toNanos() / 1e9);
        return Math.min(wanted, Math.max(0, capacity(rate) - UNITS));
    }

    private LocalBucket build(double tps) {
        return Bucket.builder().addLimit(bandwidth(tps)).withCustomTimePrecision(time)
                .withSynchronizationStrategy(SynchronizationStrategy.NONE).build();
    }

    private static BucketConfiguration configuration(double tps) {
        return BucketConfiguration.builder().addLimit(bandwidth(tps)).build();
    }

    private static Bandwidth bandwidth(double tps) {
        long perSecond = Math.max(1, Math.round(tps * UNITS));
        long capacity = capacity(tps);
        return Bandwidth.builder().capacity(capacity).refillGreedy(perSecond, Duration.ofSeconds(1)).initialTokens(capacity).build();
    }

    private static long capacity(double tps) {
        return Math.max(UNITS, Math.round(tps * UNITS * BURST.toNanos() / 1e9));
    }

    private static boolean finite(double tps) {
        return !Double.isInfinite(tps) && tps > 0;
    }
}
