package org.servicedomain.node.qos;

/**
 * How many calls a virtual port's instances take at once, read live: the sum of their concurrency
 * limits, and the sum of their known-good limits (what each was seen serving at once without
 * queueing), which the high class stays within while other classes' calls are out, and the other
 * classes where high calls are. Implementations
 * are read under the port's lock on every admission, so they must be cheap and never block.
 */
public interface PortLimits {

    /** No bound: as many calls at once as arrive. */
    PortLimits UNBOUNDED = fixed(Integer.MAX_VALUE);

    int concurrency();

    /** At most {@link #concurrency()}. */
    int knownGood();

    /**
     * What the middle and low classes may have at once now: the full limits, but the known-good
     * ones at instances where high calls are out. By default the full limits.
     */
    default int sharedConcurrency() {
        return concurrency();
    }

    /** The calls out now above their instances' known-good limits (probes); 0 by default. */
    default int aboveKnownGood() {
        return 0;
    }

    /** Whether every instance's known-good limit was measured (until then its limit stands in for it). */
    default boolean knownGoodMeasured() {
        return true;
    }

    /** Limits that do not change, both the same. */
    static PortLimits fixed(int permits) {
        int bounded = Math.max(1, permits);
        return new PortLimits() {
            @Override
            public int concurrency() {
                return bounded;
            }

            @Override
            public int knownGood() {
                return bounded;
            }
        };
    }
}
