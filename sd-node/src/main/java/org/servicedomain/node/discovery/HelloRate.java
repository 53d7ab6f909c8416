package org.servicedomain.node.discovery;

import java.util.function.LongSupplier;

/**
 * A token bucket over Hellos: {@code perSecond} tokens a second, at most {@code perSecond} saved up,
 * so a flood of announcements costs the node at most that many WSDL fetches a second.
 */
final class HelloRate {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final LongSupplier nanoTime;
    private double tokens;
    private long last;

    HelloRate(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
        this.last = nanoTime.getAsLong();
        this.tokens = -1;
    }

    /** Whether one more Hello may be taken now, at a rate of {@code perSecond}. */
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
