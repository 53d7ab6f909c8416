package org.servicedomain.node.engine.events;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Where components publish events and listeners are plugged in. A listener that throws is logged
 * and skipped; it never stops the others or the request that caused the event.
 */
public final class NodeEvents {

    private static final Logger LOG = LoggerFactory.getLogger(NodeEvents.class);

    private final Clock clock;
    private final List<NodeEventListener> listeners = new CopyOnWriteArrayList<>();
    private final EventRing recent = new EventRing(EventRing.DEFAULT_CAPACITY);

    public NodeEvents(Clock clock) {
        this.clock = clock;
    }

    /** The last events published, kept in memory for operators (the home port's getEvents). */
    public EventRing recent() {
        return recent;
    }

    public void addListener(NodeEventListener listener) {
        listeners.add(listener);
    }

    public void publish(NodeEvent.Type type, String virtualPort, String instanceId, String detail) {
        NodeEvent event = new NodeEvent(type, clock.instant(), virtualPort, instanceId, detail);
        recent.on(event);
        for (NodeEventListener listener : listeners) {
            try {
                listener.on(event);
            } catch (RuntimeException e) {
                LOG.error("event listener {} failed on {}", listener, event.type(), e);
            }
        }
    }
}
