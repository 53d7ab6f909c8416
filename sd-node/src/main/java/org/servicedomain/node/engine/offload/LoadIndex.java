package org.servicedomain.node.engine.offload;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * How busy this node is: the requests it is serving itself right now (forwarded ones not
 * counted), against the capacity the policy gives it. 1.0 means at capacity.
 */
public final class LoadIndex {

    private final AtomicInteger inFlight = new AtomicInteger();

    /** A request starts being served here; pair with {@link #exit()}. */
    public void enter() {
        inFlight.incrementAndGet();
    }

    public void exit() {
        inFlight.decrementAndGet();
    }

    public int inFlight() {
        return inFlight.get();
    }

    /** The requests in flight divided by {@code capacity}. */
    public double index(int capacity) {
        return (double) inFlight.get() / capacity;
    }
}
