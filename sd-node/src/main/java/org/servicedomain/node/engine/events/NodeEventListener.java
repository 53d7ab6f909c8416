package org.servicedomain.node.engine.events;

/** Hears the node's events; called on the thread that caused the event, so it must be quick. */
@FunctionalInterface
public interface NodeEventListener {

    void on(NodeEvent event);
}
