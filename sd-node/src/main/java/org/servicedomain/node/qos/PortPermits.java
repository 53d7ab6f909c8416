package org.servicedomain.node.qos;

import io.github.bucket4j.TimeMeter;

/**
 * The dispatch permits and slots of one virtual port: as many calls at once as its instances'
 * concurrency limits allow, and slots at the rate of a declared capacity. The high class keeps
 * permits for what its demand holds at once and a burst's worth of slots, so a closed-loop high class
 * never waits for what the other classes took between two of its calls.
 *
 * <p>A call is let on only when the port's instances have room for its side ({@link PortLimits}):
 * the high class within the known-good limits where other classes' calls are out, the others
 * within them where high calls are, so no high call waits inside a provider behind theirs while
 * their probes still find more capacity elsewhere. No other class is let on while a high call
 * waits for room, and the high class's reserve is kept in known-good room, the room it can use.
 * Guarded by its {@link FlowScheduler}'s lock.
 */
final class PortPermits {

    private final FlowQueue high;
    private final LeakyBucket slots;
    private PortLimits limits = PortLimits.UNBOUNDED;
    private int inService;
    /** Permits kept for the high class's calls: what its demand holds at once. */
    private int highReserve;
    /** The high class's rate, whose burst's worth of slots the other classes leave it. */
    private double highReserveTps;

    PortPermits(FlowQueue high, TimeMeter time) {
        this.high = high;
        this.slots = new LeakyBucket(time, Double.POSITIVE_INFINITY);
    }

    /**
     * Whether the flow may have one more call in service now: an instance will have room for it.
     * While calls let on are still on their way to an instance (they may land anywhere), only room
     * within the known-good limits counts, and they take it first. No other class goes while a high
     * call waits for room, nor while the high class's reserve (what its demand holds at once) would
     * not still fit within the known-good limits.
     */
    boolean freeFor(FlowQueue flow) {
        if (!bounded()) {
            return true;
        }
        PortLimits.Room room = limits.room();
        int pending = Math.max(0, inService - room.inFlight());
        if (flow == high) {
            return highFits(room, pending);
        }
        if (!high.queue.isEmpty() && !highFits(room, pending)) {
            return false; // a high call waits for room: the next freed is its
        }
        int keptForHigh = Math.max(0, highReserve - high.inService);
        int shared = pending == 0 ? room.forShared() : room.withinKnownGood();
        return shared > pending + keptForHigh && (keptForHigh == 0 || room.withinKnownGood() > pending + keptForHigh);
    }

    /**
     * Whether a high call fits: {@code pending} calls let on that no instance counts yet (on their
     * way to one, or between attempts) take room the instances still show, within the known-good
     * limits while there are any.
     */
    private static boolean highFits(PortLimits.Room room, int pending) {
        return (pending == 0 ? room.forHigh() : room.withinKnownGood()) > pending;
    }

    /** Whether any permit is free, whatever the high class keeps. */
    boolean anyFree() {
        return inService < limits.concurrency();
    }

    /** Whether the measured limits bound the permits (unbounded until the first tick). */
    boolean bounded() {
        return limits != PortLimits.UNBOUNDED;
    }

    /** Whether idle permits go to the flow past its bucket: while the permits are bounded and no shared node holds it to its rate. */
    boolean lendTo(FlowQueue flow) {
        return bounded() && !flow.heldToRate;
    }

    /** A dispatch slot for the flow: the high class takes any; the others leave the high class's keep. */
    boolean takeSlot(FlowQueue flow) {
        return flow == high ? slots.tryTake() : slots.tryTakeLeaving(highReserveTps);
    }

    /** Nanoseconds until the flow could take a slot. */
    long nanosUntilSlot(FlowQueue flow) {
        return flow == high ? slots.nanosUntilNext() : slots.nanosUntilNextLeaving(highReserveTps);
    }

    void letOn(FlowQueue flow) {
        flow.admitted++;
        flow.inService++;
        inService++;
    }

    void giveBack(FlowQueue flow) {
        inService = Math.max(0, inService - 1);
        flow.inService = Math.max(0, flow.inService - 1);
    }

    void limit(PortLimits limits) {
        this.limits = limits;
    }

    void reserveForHigh(int permits, double tps) {
        highReserve = Math.max(0, permits);
        highReserveTps = Math.max(0, tps);
    }

    void slotRate(double rate) {
        slots.setRate(rate);
    }

    double slotRate() {
        return slots.rate();
    }

    int inService() {
        return inService;
    }

    int concurrency() {
        return limits.concurrency();
    }

    long quickestNanos() {
        return limits.quickestNanos();
    }

    /** The known-good permits; -1 until every instance's was measured. */
    int knownGood() {
        return limits.knownGoodMeasured() ? limits.knownGood() : -1;
    }
}
