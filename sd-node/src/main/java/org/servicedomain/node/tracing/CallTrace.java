package org.servicedomain.node.tracing;

import java.util.Collection;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * The trace of one virtual-port call, travelling with the request as a tag: the engine opens a
 * step for each stage worth timing and an attempt for each dispatch, and ends the call once. Every
 * method is quick and never throws; without an exporter nothing is recorded.
 */
public interface CallTrace {

    /** A call that is not traced: sends no trace headers on. */
    CallTrace NONE = new UnrecordedTrace("", null, null);

    /** The trace {@code request} is part of, or {@link #NONE} when it carries none (a request made outside a call). */
    static CallTrace of(RequestContext request) {
        CallTrace trace = request.tag(CallTrace.class);
        return trace == null ? NONE : trace;
    }

    /** The trace's id (32 hex digits), for the log; empty for {@link #NONE}. */
    String traceId();

    /** What a request sent on behalf of the call outside a dispatch attempt carries. */
    Outgoing outgoing();

    /** The call is for {@code operation} of virtual port {@code port}; known only after operation mapping. */
    void operation(String port, String operation);

    /**
     * A step of the call ({@code admission}, {@code offload}, {@code queue}, {@code decision},
     * {@code lookup}, {@code selection}, {@code failover}), until it is ended.
     */
    Step step(String name);

    /** The {@code number}th dispatch of the call, to {@code instance}, until it is ended. */
    Attempt attempt(Instance instance, int number);

    /** The call ended: answered with HTTP {@code status}, or (status 0) refused with the node's fault {@code faultCode}. */
    void end(int status, String faultCode);

    /** The trace headers of a request the node sends; a null {@link #traceparent()} means none. */
    interface Outgoing {

        /** The {@code traceparent} to send, naming this node's span as the parent; null when untraced. */
        String traceparent();

        /** The caller's {@code tracestate}, unchanged, or null. */
        String tracestate();
    }

    /** A timed step of the call: attributes may be added until it is ended, once. */
    interface Step {

        /** A step that records nothing. */
        Step NONE = new Step() {
            @Override
            public Step with(String attribute, String value) {
                return this;
            }

            @Override
            public Step with(String attribute, Collection<String> values) {
                return this;
            }

            @Override
            public void end(String attribute, long value) {
                // nothing recorded
            }

            @Override
            public void end(String attribute, boolean value) {
                // nothing recorded
            }

            @Override
            public void end(String attribute, String value) {
                // nothing recorded
            }

            @Override
            public void failed(String faultCode, String reason) {
                // nothing recorded
            }
        };

        /** Adds one attribute (a null value is left out) and answers this step. */
        Step with(String attribute, String value);

        /**
         * Adds one attribute, {@code values} sorted and separated by spaces as the policy lists names
         * (a null collection is left out), and answers this step; joined only when recorded.
         */
        Step with(String attribute, Collection<String> values);

        /** Ends the step with one attribute. */
        void end(String attribute, long value);

        /** Ends the step with one attribute. */
        void end(String attribute, boolean value);

        /** Ends the step with one attribute; a null value is left out. */
        void end(String attribute, String value);

        /** Ends the step as failed with the node's fault {@code faultCode} ({@code error.type}) and why. */
        void failed(String faultCode, String reason);
    }

    /** One dispatch to one instance, whose request carries {@link #traceparent()}. */
    interface Attempt extends Outgoing {

        /** The instance answered with HTTP {@code status} (its own SOAP fault included). */
        void answered(int status);

        /** The instance gave no usable answer: {@code kind} of failure, and why. */
        void failed(String kind, String reason);
    }
}
