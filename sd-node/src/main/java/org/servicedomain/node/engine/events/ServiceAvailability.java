package org.servicedomain.node.engine.events;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;

/**
 * Tells when a virtual port's service feature becomes unavailable (a request found no operational
 * instance) and when it serves again: one event per change, not one per request.
 */
public final class ServiceAvailability implements RequestListener {

    private final NodeEvents events;
    private final Map<String, Boolean> unavailable = new ConcurrentHashMap<>();

    public ServiceAvailability(NodeEvents events) {
        this.events = events;
    }

    @Override
    public void noOperationalInstance(RequestContext request) {
        String port = request.virtualPort().name();
        if (unavailable.putIfAbsent(port, Boolean.TRUE) == null) {
            events.publish(NodeEvent.Type.SERVICE_FEATURE_UNAVAILABLE, port, null,
                    "virtual port " + port + " has no operational instance");
        }
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        if (!unavailable.isEmpty() && unavailable.remove(instance.virtualPort()) != null) {
            events.publish(NodeEvent.Type.SERVICE_FEATURE_AVAILABLE, instance.virtualPort(), instance.id(),
                    "virtual port " + instance.virtualPort() + " serves again");
        }
    }

    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
        // a failed dispatch changes nothing: the port had an operational instance to try
    }
}
