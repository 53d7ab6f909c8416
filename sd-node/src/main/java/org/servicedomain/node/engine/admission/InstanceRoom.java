package org.servicedomain.node.engine.admission;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * One instance's calls in flight, by the permit they hold, and its adaptive limit. The high class
 * and the others keep out of each other's way here: a high call goes only where the calls stay
 * within the known-good limit while others' calls are out, and the others probe above it only
 * where no high call is out. So no high call is ever one of more calls than the provider was seen
 * serving at once, and the limit still finds more capacity where the high class is not.
 */
final class InstanceRoom {

    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger highInFlight = new AtomicInteger();
    private final AtomicInteger sharedInFlight = new AtomicInteger();
    private final AdaptiveLimit limit;

    InstanceRoom(AdaptiveLimit limit) {
        this.limit = limit;
    }

    AdaptiveLimit limit() {
        return limit;
    }

    /** Counts a call sent holding {@code permit}; the calls now in flight. */
    int sending(DispatchPermit permit) {
        counterOf(permit).incrementAndGet();
        return inFlight.incrementAndGet();
    }

    /** Counts a call that ended; the calls still in flight. */
    int ended(DispatchPermit permit) {
        counterOf(permit).updateAndGet(n -> n > 0 ? n - 1 : 0);
        return inFlight.updateAndGet(n -> n > 0 ? n - 1 : 0);
    }

    /** How many more calls holding {@code permit} fit here now; 0 or less when none. */
    int free(DispatchPermit permit) {
        return boundFor(permit) - inFlight.get();
    }

    /**
     * The calls this instance may hold while one holding {@code permit} is added: the known-good
     * limit when the other side (high, or middle and low) has calls out here, else the full limit.
     */
    int boundFor(DispatchPermit permit) {
        AtomicInteger otherSide = permit == DispatchPermit.HIGH ? sharedInFlight : highInFlight;
        return otherSide.get() > 0 ? limit.knownGood() : limit.limit();
    }

    int inFlight() {
        return inFlight.get();
    }

    int highInFlight() {
        return highInFlight.get();
    }

    private AtomicInteger counterOf(DispatchPermit permit) {
        return permit == DispatchPermit.HIGH ? highInFlight : sharedInFlight;
    }
}
