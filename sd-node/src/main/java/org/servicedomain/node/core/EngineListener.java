package org.servicedomain.node.core;


/**
 * Observes every dispatch the engine makes. Called on the request's thread, so implementations
 * must be quick and must not throw. Every {@link #dispatching} is followed by exactly one of
 * {@link #dispatched} or {@link #dispatchFailed} for the same instance.
 */
public interface EngineListener {

    /** A request found no operational instance of its port at all. */
    default void noOperationalInstance(RequestContext request) {
    }

    /** The engine is about to send {@code request} to {@code instance}. */
    default void dispatching(RequestContext request, Instance instance) {
    }

    /** The instance answered (a reply or its own SOAP fault) after {@code nanos}. */
    void dispatched(RequestContext request, Instance instance, long nanos);

    /**
     * Heard on the request's thread just before {@link #dispatched} when the instance's answer is the
     * provider's own SOAP fault or another non-2xx reply: an answer for failover, a failure for the statistics.
     */
    default void providerFault(RequestContext request, Instance instance) {
    }

    /** The instance gave no usable answer; the engine may try another. */
    void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure);
}
