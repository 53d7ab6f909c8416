package org.servicedomain.node.tracing;

import org.servicedomain.node.core.Instance;

/**
 * A call's trace that records nothing and sends the same headers with every request of the call:
 * the trace of {@link PropagatingTracing}, and {@link CallTrace#NONE} (no id, no headers) for a
 * request made outside a call (a probe, a test).
 *
 * @param traceId the trace's id; empty for none
 * @param traceparent the {@code traceparent} to send, or null for none
 * @param tracestate the caller's {@code tracestate}, or null
 */
record UnrecordedTrace(String traceId, String traceparent, String tracestate) implements CallTrace, CallTrace.Attempt {

    @Override
    public Outgoing outgoing() {
        return this;
    }

    @Override
    public void operation(String port, String operation) {
        // nothing recorded
    }

    @Override
    public Step step(String name) {
        return Step.NONE;
    }

    @Override
    public Attempt attempt(Instance instance, int number) {
        return this;
    }

    @Override
    public void end(int status, String faultCode) {
        // nothing recorded
    }

    @Override
    public void answered(int status) {
        // nothing recorded
    }

    @Override
    public void failed(String kind, String reason) {
        // nothing recorded
    }
}
