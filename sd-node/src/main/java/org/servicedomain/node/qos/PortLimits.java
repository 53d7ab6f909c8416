package org.servicedomain.node.qos;

/**
 * How many calls a virtual port's instances take now, read live from their limits: in all, for the
 * middle and low classes, and for the high class, which stays within an instance's known-good limit
 * (what it was seen serving at once without queueing) wherever other classes' calls are out, as they
 * stay within it wherever high calls are. Implementations are read under the port's lock on every
 * admission, so they must be cheap and never block.
 */
public interface PortLimits {

    /** No bound: as many calls at once as arrive. */
    PortLimits UNBOUNDED = fixed(Integer.MAX_VALUE);

    /** The instances' limits added up. */
    int concurrency();

    /** The instances' known-good limits added up: at most {@link #concurrency()}. */
    int knownGood();

    /** Calls out at the instances now. */
    int inFlight();

    /**
     * How many more middle or low calls the instances take now, added up: each up to its limit, but
     * to its known-good limit where high calls are out.
     */
    int roomForShared();

    /**
     * How many more high calls the instances take now, added up: each up to its limit, but to its
     * known-good limit where middle or low calls are out.
     */
    int roomForHigh();

    /** How many more calls the instances take now within their known-good limits, added up: room for any class. */
    int roomWithinKnownGood();

    /**
     * What an admission weighs, read at one moment: the calls out and the room for each side.
     *
     * @param inFlight {@link #inFlight()}
     * @param forShared {@link #roomForShared()}
     * @param forHigh {@link #roomForHigh()}
     * @param withinKnownGood {@link #roomWithinKnownGood()}
     */
    record Room(int inFlight, int forShared, int forHigh, int withinKnownGood) {
    }

    /** The figures an admission weighs, together; limits summed over instances read them in one pass. */
    default Room room() {
        return new Room(inFlight(), roomForShared(), roomForHigh(), roomWithinKnownGood());
    }

    /**
     * The shortest response time without queueing among the instances, in nanoseconds; 0 while
     * none was measured. A call with less time left cannot be answered in time.
     */
    default long quickestNanos() {
        return 0;
    }

    /** Whether every instance's known-good limit was measured (until then its limit stands in for it). */
    default boolean knownGoodMeasured() {
        return true;
    }

    /**
     * {@code permits} calls at once, all known good, whatever the class. They count no calls out,
     * so the port's own count of calls let on is what takes the room.
     */
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

            @Override
            public int inFlight() {
                return 0;
            }

            @Override
            public int roomForShared() {
                return bounded;
            }

            @Override
            public int roomForHigh() {
                return bounded;
            }

            @Override
            public int roomWithinKnownGood() {
                return bounded;
            }
        };
    }
}
