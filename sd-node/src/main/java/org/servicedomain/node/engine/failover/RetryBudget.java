package org.servicedomain.node.engine.failover;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Keeps retries from multiplying the load of an outage, per virtual port, as a bucket of tokens:
 * it starts with {@value #RESERVE} tokens and holds at most that many, each request puts in the
 * policy's percentage of a token, each retry takes one out. A burst of failures (a provider
 * crashing under load) is retried from the reserve; a lasting outage only at that percentage.
 */
public final class RetryBudget {

    /** The tokens a port starts with and may hold at most. */
    static final int RESERVE = 50;
    private static final long MILLI = 1_000;

    /** The token bucket of one virtual port. */
    public static final class Port {
        private final AtomicLong milliTokens = new AtomicLong(RESERVE * MILLI);

        private void deposit(int percent) {
            long add = percent * MILLI / 100;
            milliTokens.updateAndGet(t -> Math.min(RESERVE * MILLI, t + add));
        }

        /** Takes one retry's token, or says there is none left. */
        boolean tryRetry() {
            long tokens;
            do {
                tokens = milliTokens.get();
                if (tokens < MILLI) {
                    return false;
                }
            } while (!milliTokens.compareAndSet(tokens, tokens - MILLI));
            return true;
        }
    }

    private final Map<String, Port> ports = new ConcurrentHashMap<>();

    /** A request starts on {@code virtualPort}, adding {@code percent} % of a token to its bucket. */
    Port requestStarted(String virtualPort, int percent) {
        Port port = ports.computeIfAbsent(virtualPort, name -> new Port());
        port.deposit(percent);
        return port;
    }
}
