package org.servicedomain.node.entry.port;

import java.time.Duration;
import org.servicedomain.node.EntryLimits;
import org.servicedomain.node.NodeConfig;

/**
 * The limits every entry holds a request's body to, whatever carries it: its size, the time it may
 * take in all, and the slowest rate it may arrive at, measured over each {@code rateWindow}.
 */
public record BodyPolicy(long maxBytes, Duration timeout, long minBytesPerSecond, Duration rateWindow) {

    static BodyPolicy of(NodeConfig config) {
        return new BodyPolicy(config.maxMessageBytes(), config.entry().bodyTimeout(), config.entry().minBodyBytesPerSecond(),
                EntryLimits.BODY_RATE_WINDOW);
    }

    /** The same limits with the size held to at most {@code bytes}, for an endpoint whose messages are small. */
    public BodyPolicy atMost(long bytes) {
        return new BodyPolicy(Math.min(maxBytes, bytes), timeout, minBytesPerSecond, rateWindow);
    }

    public String tooLarge(long declared) {
        return "the message is " + declared + " bytes; the limit is " + maxBytes;
    }

    String overLimit() {
        return "the message exceeds the limit of " + maxBytes + " bytes";
    }

    String tooLong() {
        return "the request's body did not arrive within " + timeout.toMillis() + " ms";
    }
}
