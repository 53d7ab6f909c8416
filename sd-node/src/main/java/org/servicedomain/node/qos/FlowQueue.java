package org.servicedomain.node.qos;

import io.github.bucket4j.TimeMeter;
import java.util.ArrayDeque;
import org.servicedomain.node.core.NodeFault;

/**
 * One flow, a priority class on a virtual port: its queue, its leaky bucket, its weight and
 * deficit in the fair queue, and what it has counted. Guarded by its {@link FlowScheduler}'s lock.
 */
final class FlowQueue {

    final PriorityClass priorityClass;
    final LeakyBucket bucket;
    final ArrayDeque<Waiting> queue = new ArrayDeque<>();
    double weight = 1;
    /** Held to its bucket's rate: a node it shares with other ports bounds it, so no idle permit is lent to it. */
    boolean heldToRate;
    double deficit;
    long arrivalsThisRound;
    long servedThisRound;
    long serviceNanosThisRound;
    int inService;
    long admitted;
    long dropped;
    long timedOut;
    /** The fault a full queue of {@link #overloadedAt} answers with, made on the first refusal. */
    NodeFault overloaded;
    int overloadedAt;

    FlowQueue(PriorityClass priorityClass, TimeMeter time) {
        this.priorityClass = priorityClass;
        this.bucket = new LeakyBucket(time, Double.POSITIVE_INFINITY);
    }

    /** The oldest waiting request not yet claimed by its expiry, or null. */
    Waiting head() {
        Waiting w = queue.peekFirst();
        while (w != null && w.isSettled()) {
            queue.pollFirst();
            w = queue.peekFirst();
        }
        return w;
    }

    FlowStatus status() {
        return new FlowStatus(priorityClass, queue.size(), inService, admitted, dropped, timedOut, bucket.rate(), weight);
    }

    /** This round's measures, and starts the next round. */
    FlowRound takeRound() {
        FlowRound round = new FlowRound(arrivalsThisRound, servedThisRound, serviceNanosThisRound, queue.size(), inService);
        arrivalsThisRound = 0;
        servedThisRound = 0;
        serviceNanosThisRound = 0;
        return round;
    }
}
