package org.servicedomain.node.qos;

/**
 * What one flow did in an allocation round, and what it holds now: the allocator's measure of its
 * demand.
 *
 * @param arrivals requests that arrived in the round, those refused included
 * @param served requests whose call ended in the round
 * @param serviceNanos the time those calls held their dispatch permit, summed
 * @param waiting requests waiting in its queue now
 * @param inService requests holding a dispatch permit now
 */
public record FlowRound(long arrivals, long served, long serviceNanos, int waiting, int inService) {

    /** The mean time a call held its permit, in seconds; NaN when none ended in the round. */
    public double meanServiceSeconds() {
        return served == 0 ? Double.NaN : serviceNanos / 1e9 / served;
    }

    /**
     * Requests per second the flow asks for: what arrived, or, when more, what its waiting and
     * running calls would send if each took only its service time. A closed-loop client slowed by
     * waiting sends fewer requests, but its calls still wait: counted so, its demand does not fall
     * because it was kept waiting.
     */
    public double demandTps(double seconds) {
        double arrived = arrivals / seconds;
        double serviceSeconds = meanServiceSeconds();
        if (!(serviceSeconds > 0)) {
            return arrived;
        }
        return Math.max(arrived, (waiting + inService) / serviceSeconds);
    }
}
