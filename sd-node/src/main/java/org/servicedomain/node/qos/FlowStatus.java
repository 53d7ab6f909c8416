package org.servicedomain.node.qos;

/**
 * What one flow of a virtual port looks like now, for operators.
 *
 * @param queued requests waiting in its queue
 * @param inService requests let on and not yet answered
 * @param admitted requests that left the queue (or never waited) since the node started
 * @param dropped requests refused because its queue was full
 * @param timedOut requests answered Timeout because their deadline came while they waited
 * @param rateTps the leaky bucket's rate; infinite when the flow is not shaped
 * @param weight its share of dispatch slots in the fair queue
 */
public record FlowStatus(PriorityClass priorityClass, int queued, int inService, long admitted, long dropped, long timedOut,
        double rateTps, double weight) {
}
