package org.servicedomain.node.engine.monitor;

import java.util.List;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.EngineListener;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Several listeners heard as one, in order. A listener that throws is logged and skipped: it never
 * stops the others, nor turns a provider's answer into a failure.
 */
public final class EngineListeners implements EngineListener {

    private static final Logger LOG = LoggerFactory.getLogger(EngineListeners.class);

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
            try {
                l.noOperationalInstance(request);
            } catch (RuntimeException e) {
                LOG.error("engine listener {} failed", l, e);
            }
        }
    }

    @Override
    public void dispatching(RequestContext request, Instance instance) {
        for (EngineListener l : listeners) {
            try {
                l.dispatching(request, instance);
            } catch (RuntimeException e) {
                LOG.error("engine listener {} failed", l, e);
            }
        }
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        for (EngineListener l : listeners) {
            try {
                l.dispatched(request, instance, nanos);
            } catch (RuntimeException e) {
                LOG.error("engine listener {} failed", l, e);
            }
        }
    }

    @Override
    public void providerFault(RequestContext request, Instance instance) {
        for (EngineListener l : listeners) {
            try {
                l.providerFault(request, instance);
            } catch (RuntimeException e) {
                LOG.error("engine listener {} failed", l, e);
            }
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        for (EngineListener l : listeners) {
            try {
                l.dispatchFailed(request, instance, nanos, failure);
            } catch (RuntimeException e) {
                LOG.error("engine listener {} failed", l, e);
            }
        }
    }
}
