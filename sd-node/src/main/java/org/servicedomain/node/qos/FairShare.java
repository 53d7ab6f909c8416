package org.servicedomain.node.qos;

import java.util.List;

/**
 * Which waiting requests of a port go when permits and slots allow: the high class first, as far as
 * its bucket lets it; then deficit round robin over the middle and low classes, weighted by their
 * allocations (every request costs the same one permit, so DRR is exact with O(1) work per request);
 * then permits the buckets leave idle, lent in class order (work-conserving, as an HTB class
 * borrows). Guarded by its {@link FlowScheduler}'s lock.
 */
final class FairShare {

    /**
     * The most requests one flow sends in one turn of the round robin, however large its weight: a
     * turn must not hold freed permits for long while other flows wait.
     */
    static final double MAX_QUANTUM = 16;
    /** The flows after the high class, in the order their turns come. */
    private static final int FIRST_SHARED = PriorityClass.HIGH.ordinal() + 1;

    private final FlowQueue[] flows;
    private final PortPermits permits;
    private int turn = FIRST_SHARED;
    private boolean turnCharged;

    FairShare(FlowQueue[] flows, PortPermits permits) {
        this.flows = flows;
        this.permits = permits;
    }

    /** Settles into {@code released} every waiting request that may go now. */
    void grant(List<Waiting> released) {
        shareByAllocation(released);
        if (permits.bounded()) {
            lendIdlePermits(released);
        }
    }

    /** Requests waiting in all the port's flows. */
    int waiting() {
        int n = 0;
        for (FlowQueue flow : flows) {
            n += flow.queue.size();
        }
        return n;
    }

    /**
     * The flow whose turn it is earns its quantum once per turn and sends while its deficit, its
     * bucket and the permits allow; it keeps the turn when only the permits ran out.
     */
    private void shareByAllocation(List<Waiting> released) {
        if (!sendWhileAllowed(flows[PriorityClass.HIGH.ordinal()], Double.POSITIVE_INFINITY, released)) {
            return;
        }
        int shared = flows.length - FIRST_SHARED;
        int idleVisits = 0;
        while (idleVisits < shared && waiting() > 0) {
            FlowQueue flow = flows[turn];
            if (flow.head() == null) {
                flow.deficit = 0;
                idleVisits++;
            } else {
                if (!turnCharged) {
                    flow.deficit += quantum(flow);
                    turnCharged = true;
                }
                int before = released.size();
                boolean more = sendWhileAllowed(flow, flow.deficit, released);
                flow.deficit -= released.size() - before;
                if (!more) {
                    return;
                }
                if (flow.head() == null) {
                    flow.deficit = 0;
                }
                idleVisits = released.size() > before ? 0 : idleVisits + 1;
            }
            turn = turn + 1 == flows.length ? FIRST_SHARED : turn + 1;
            turnCharged = false;
        }
    }

    /**
     * Permits the flows' buckets leave idle go to the waiting flows in class order, their buckets
     * aside: the instances' concurrency limits already keep the providers' queues short, so a permit
     * left unused would only slow the port down. Not to a flow a shared node holds to its rate; the
     * port's slots (a declared or node capacity) still apply.
     */
    private void lendIdlePermits(List<Waiting> released) {
        for (FlowQueue flow : flows) {
            while (permits.lendTo(flow) && permits.freeFor(flow) && flow.head() != null) {
                if (!permits.takeSlot(flow)) {
                    return;
                }
                settle(flow, released);
            }
        }
    }

    /**
     * Lets the flow's waiting requests on, up to {@code allowance} of them, while its bucket and the
     * port's permits and slots allow; false when the permits or slots ran out (nothing else can go).
     */
    private boolean sendWhileAllowed(FlowQueue flow, double allowance, List<Waiting> released) {
        int sent = 0;
        while (sent + 1 <= allowance && flow.head() != null) {
            if (!permits.freeFor(flow)) {
                return flow.priorityClass != PriorityClass.HIGH && permits.anyFree();
            }
            if (!flow.bucket.tryTake()) {
                return true;
            }
            if (!permits.takeSlot(flow)) {
                flow.bucket.giveBack();
                return false;
            }
            if (settle(flow, released)) {
                sent++;
            }
        }
        return true;
    }

    /** Lets the flow's head on unless its expiry claimed it first. */
    private boolean settle(FlowQueue flow, List<Waiting> released) {
        Waiting w = flow.queue.pollFirst();
        if (!w.settle()) {
            return false;
        }
        permits.letOn(flow);
        released.add(w);
        return true;
    }

    /** A flow's share per turn: its weight against the lightest weight among the sharing flows now waiting. */
    private double quantum(FlowQueue flow) {
        double lightest = Double.POSITIVE_INFINITY;
        for (int i = FIRST_SHARED; i < flows.length; i++) {
            FlowQueue f = flows[i];
            if (!f.queue.isEmpty() && f.weight > 0) {
                lightest = Math.min(lightest, f.weight);
            }
        }
        if (flow.weight <= 0 || Double.isInfinite(lightest)) {
            return 1;
        }
        return Math.min(MAX_QUANTUM, flow.weight / lightest);
    }
}
