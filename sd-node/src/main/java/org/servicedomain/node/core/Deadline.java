package org.servicedomain.node.core;

import java.time.Duration;

/**
 * The moment a client stops waiting for its answer, on the monotonic clock: attempts are cut to
 * the time left, and none starts after it.
 *
 * @param nanoTime the {@link System#nanoTime()} value at which the client gives up
 */
public record Deadline(long nanoTime) {

    /** The HTTP header in which a client (or a forwarding peer) states the milliseconds it still waits. */
    public static final String HEADER = "X-SD-Timeout-Ms";

    /** The deadline {@code millis} from now. */
    public static Deadline inMillis(long millis) {
        return new Deadline(System.nanoTime() + Math.max(0, millis) * 1_000_000L);
    }

    /** The time left, zero once passed. */
    public Duration remaining() {
        long left = nanoTime - System.nanoTime();
        return left > 0 ? Duration.ofNanos(left) : Duration.ZERO;
    }

    /** Whether less than a millisecond is left: no attempt can be made in that. */
    public boolean passed() {
        return nanoTime - System.nanoTime() < 1_000_000L;
    }

    /** {@code timeout}, or the time left when that is shorter. */
    public Duration cap(Duration timeout) {
        Duration left = remaining();
        return left.compareTo(timeout) < 0 ? left : timeout;
    }
}
