package org.servicedomain.node.engine.failover;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Keeps retries from multiplying the load of an outage: per virtual port, retries in flight may
 * be at most a percentage of the requests in flight, but always {@value #MIN_RETRIES_IN_FLIGHT}.
 */
public final class RetryBudget {

    static final int MIN_RETRIES_IN_FLIGHT = 3;

    /** The requests and retries in flight on one virtual port. */
    public static final class Port {
        private final AtomicInteger requests = new AtomicInteger();
        private final AtomicInteger retries = new AtomicInteger();

        /** Takes one retry from the budget, or says there is none left. */
        boolean tryRetry(int percent) {
            int limit = Math.max(MIN_RETRIES_IN_FLIGHT, requests.get() * percent / 100);
            int inFlight;
            do {
                inFlight = retries.get();
                if (inFlight >= limit) {
                    return false;
                }
            } while (!retries.compareAndSet(inFlight, inFlight + 1));
            return true;
        }

        void retryDone() {
            retries.decrementAndGet();
        }

        void requestDone() {
            requests.decrementAndGet();
        }
    }

    private final Map<String, Port> ports = new ConcurrentHashMap<>();

    /** A request starts on {@code virtualPort}; call {@link Port#requestDone()} when it ends. */
    Port requestStarted(String virtualPort) {
        Port port = ports.computeIfAbsent(virtualPort, name -> new Port());
        port.requests.incrementAndGet();
        return port;
    }
}
