package org.servicedomain.node.engine.monitor;

import org.servicedomain.node.core.FailureKind;

/**
 * What the monitor saw of one instance or virtual port over a period: the sliding window, or the
 * whole run since the node started. Response times are of answered dispatches (a reply or the
 * provider's SOAP fault), in milliseconds.
 *
 * @param periodSeconds the length of the period the figures cover
 * @param requests dispatches to an instance; for a virtual port, the requests it received
 * @param failuresByKind counts indexed by {@link FailureKind#ordinal()}
 * @param noInstance requests that found no operational instance of their port (ports only)
 * @param answered dispatches that got an answer, the ones the response times describe
 */
public record TrafficFigures(long periodSeconds, long requests, long[] failuresByKind, long noInstance,
        double noInstancePercent, long answered, double meanMs, double p50Ms, double p95Ms, double p99Ms, double maxMs) {

    public long failures(FailureKind kind) {
        return failuresByKind[kind.ordinal()];
    }

    /** Failures of every kind, SOAP faults included. */
    public long failures() {
        long sum = 0;
        for (long n : failuresByKind) {
            sum += n;
        }
        return sum;
    }
}
