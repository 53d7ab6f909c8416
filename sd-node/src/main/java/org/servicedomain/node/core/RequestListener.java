package org.servicedomain.node.core;

/**
 * A subscriber to the request events of virtual-port calls ({@link RequestEvents}), fired by the
 * chain's runner and by failover only; not the node's administrative events. Heard on the
 * request's thread, so a subscriber must be quick and must not throw. For one call, in order:
 * {@link #started}, then per attempt {@link #dispatching} and exactly one of {@link #dispatched}
 * (after {@link #providerFault} when the answer is a fault) or {@link #dispatchFailed}, then
 * {@link #ended}; {@link #finished} closes every request, known as a call or refused before.
 */
public interface RequestListener {

    /** A call whose port, caller and operation are known enters the stages that may serve it. */
    default void started(RequestContext call) {
    }

    /** A request found no operational instance of its port at all. */
    default void noOperationalInstance(RequestContext request) {
    }

    /** The engine is about to send {@code request} to {@code instance}. */
    default void dispatching(RequestContext request, Instance instance) {
    }

    /**
     * Heard just before {@link #dispatched} when the instance's answer is the provider's own SOAP
     * fault or another non-2xx reply: an answer for failover, a failure for the statistics.
     */
    default void providerFault(RequestContext request, Instance instance) {
    }

    /** The instance answered (a reply or its own SOAP fault) after {@code nanos}. */
    default void dispatched(RequestContext request, Instance instance, long nanos) {
    }

    /** The instance gave no usable answer; the engine may try another. */
    default void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
    }

    /**
     * A {@link #started} call went back {@code nanos} after it started: with the provider's
     * {@code reply}, or else with the node's {@code fault}.
     */
    default void ended(RequestContext call, ProviderReply reply, FaultCode fault, long nanos) {
    }

    /**
     * Any request on a virtual-port entry went back: with {@code reply}, or else {@code fault};
     * {@code virtualPort} is null when the catalog holds no such port.
     */
    default void finished(String virtualPort, ProviderReply reply, FaultCode fault) {
    }
}
