package org.servicedomain.node.engine.monitor;

import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.rendering.DispatchException;

/**
 * Observes every dispatch the engine makes. Called on the request's thread, so implementations
 * must be quick and must not throw.
 */
public interface EngineListener {

    /** The instance answered (a reply or its own SOAP fault) after {@code nanos}. */
    void dispatched(Instance instance, long nanos);

    /** The instance gave no usable answer; the engine may try another. */
    void dispatchFailed(Instance instance, long nanos, DispatchException failure);
}
