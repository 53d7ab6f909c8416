package org.servicedomain.node.tracing;

import org.servicedomain.node.core.Instance;

/** {@link CallTrace#NONE}: a request made outside a call (a probe, a test) carries no trace headers. */
final class NoCallTrace implements CallTrace, CallTrace.Attempt {

    @Override
    public String traceId() {
        return "";
    }

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
    public String traceparent() {
        return null;
    }

    @Override
    public String tracestate() {
        return null;
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
