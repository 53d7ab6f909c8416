package org.servicedomain.node.entry.port;

/**
 * The minimum body rate both entries hold a body to once it did not arrive with its head: over each
 * rate window it must grow by at least the minimum rate times the window, or it is refused. One per
 * watched body; not thread-safe, so each entry asks it from one thread (the watch's, or the connection's loop).
 */
final class BodyRate {

    private final long minBytesPerWindow;
    private final long windowNanos;
    private long windowStartNanos;
    private long windowStartBytes;

    BodyRate(BodyPolicy policy, long nowNanos, long received) {
        this.minBytesPerWindow = policy.minBytesPerSecond() * policy.rateWindow().toSeconds();
        this.windowNanos = policy.rateWindow().toNanos();
        this.windowStartNanos = nowNanos;
        this.windowStartBytes = received;
    }

    /**
     * Whether the body, {@code received} bytes long at {@code nowNanos}, grew by less than the minimum over
     * a window that has ended; a body fast enough starts its next window here.
     */
    boolean tooSlow(long nowNanos, long received) {
        if (nowNanos - windowStartNanos < windowNanos) {
            return false;
        }
        if (received - windowStartBytes < minBytesPerWindow) {
            return true;
        }
        windowStartNanos = nowNanos;
        windowStartBytes = received;
        return false;
    }

    /** Why a body {@link #tooSlow} is refused. */
    String refusal() {
        return "the request's body arrived slower than " + minBytesPerWindow * 1_000_000_000L / windowNanos + " bytes per second";
    }
}
