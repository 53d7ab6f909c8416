package org.servicedomain.node.engine.monitor;

import java.util.List;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.engine.RequestContext;
import org.servicedomain.node.rendering.DispatchException;

/** Several listeners heard as one, in order. */
public final class EngineListeners implements EngineListener {

    private final List<EngineListener> listeners;

    private EngineListeners(List<EngineListener> listeners) {
        this.listeners = List.copyOf(listeners);
    }

    public static EngineListener of(EngineListener... listeners) {
        return new EngineListeners(List.of(listeners));
    }

    @Override
    public void noOperationalInstance(RequestContext request) {
        for (EngineListener l : listeners) {
            l.noOperationalInstance(request);
        }
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        for (EngineListener l : listeners) {
            l.dispatching(request, instance);
        }
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        for (EngineListener l : listeners) {
            l.dispatched(request, instance, nanos);
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        for (EngineListener l : listeners) {
            l.dispatchFailed(request, instance, nanos, failure);
        }
    }
}
