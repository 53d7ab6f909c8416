package org.servicedomain.node.engine.events;

import org.servicedomain.node.core.LogText;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The built-in listener that writes every event to the log, under this class's logger. */
public final class EventLog implements NodeEventListener {

    private static final Logger LOG = LoggerFactory.getLogger(EventLog.class);

    @Override
    public void on(NodeEvent event) {
        LOG.info("event {} port={} instance={}: {}", event.type(), LogText.of(event.virtualPort()), LogText.of(event.instanceId()),
                LogText.of(event.detail()));
    }
}
