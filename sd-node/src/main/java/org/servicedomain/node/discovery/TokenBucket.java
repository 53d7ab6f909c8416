package org.servicedomain.node.discovery;

import java.util.function.LongSupplier;

/**
 * A token bucket: {@code perSecond} tokens a second, at most {@code perSecond} saved up. Over Hellos
 * it bounds the WSDL fetches a flood of announcements costs; per source it bounds the answers a
 * forged Probe source can draw.
 */
final class TokenBucket {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final LongSupplier nanoTime;
    private double tokens;
    private long last;

    TokenBucket(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.last = nanoTime.getAsLong();
        this.tokens = -1;
    }

    /** Whether one more token may be taken now, at a rate of {@code perSecond}. */
    synchronized boolean tryTake(int perSecond) {
        long now = nanoTime.getAsLong();
        if (tokens < 0) {
            tokens = perSecond;
        }
        tokens = Math.min(perSecond, tokens + (double) (now - last) * perSecond / NANOS_PER_SECOND);
        last = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
