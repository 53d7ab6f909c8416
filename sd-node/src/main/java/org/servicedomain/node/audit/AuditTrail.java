package org.servicedomain.node.audit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.io.IOException;
import java.time.Clock;
import java.util.Set;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEventListener;
import org.servicedomain.node.engine.events.NodeEvents;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who did what, when, from where, and how it ended: each administrative action becomes an event,
 * a count by action and outcome ({@value #COUNTER}) and a line of the audit file. Also hears the
 * changes the node makes itself (an instance ejected or back, the cluster's leader) and files them
 * under the node's own name. A file that cannot be written is logged; the action stands.
 */
public final class AuditTrail implements NodeEventListener, AutoCloseable {

    /** The Micrometer counter of audited actions, tagged {@code action} and {@code outcome}. */
    public static final String COUNTER = "sd.audit.actions";

    private static final Logger LOG = LoggerFactory.getLogger(AuditTrail.class);
    private static final Set<NodeEvent.Type> AUTOMATIC = Set.of(NodeEvent.Type.INSTANCE_EJECTED, NodeEvent.Type.INSTANCE_BACK,
            NodeEvent.Type.LEADER_CHANGED);

    private final AuditFile file;
    private final MeterRegistry meters;
    private final NodeEvents events;
    private final Clock clock;
    private final String nodeWho;

    /** @param nodeWho how changes the node makes itself are signed: {@code node NAME} or {@code member ID} */
    public AuditTrail(AuditFile file, MeterRegistry meters, NodeEvents events, Clock clock, String nodeWho) {
        this.file = file;
        this.meters = meters;
        this.events = events;
        this.clock = clock;
        this.nodeWho = nodeWho;
    }

    /** Files an action a caller asked for; {@code outcome} is {@link AuditEntry#OK} or the fault code they got. */
    public void record(String who, String action, String target, String from, String outcome, String detail) {
        AuditEntry entry = new AuditEntry(clock.instant(), who, action, target, from, outcome, detail);
        keep(entry);
        events.publish(NodeEvent.Type.ADMINISTRATIVE_ACTION, null, null, entry.sentence());
    }

    @Override
    public void on(NodeEvent event) {
        if (AUTOMATIC.contains(event.type())) {
            keep(new AuditEntry(event.time(), nodeWho, event.type().name(), event.instanceId() != null ? event.instanceId()
                    : event.virtualPort(), null, AuditEntry.OK, event.detail()));
        }
    }

    private void keep(AuditEntry entry) {
        Counter.builder(COUNTER).description("Administrative actions, by action and outcome")
                .tag("action", entry.action()).tag("outcome", entry.outcome()).register(meters).increment();
        try {
            file.append(entry);
        } catch (IOException e) {
            LOG.error("audit file {} could not be written; the action stands: {}", file.path(), LogText.of(entry.sentence()), e);
        }
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
