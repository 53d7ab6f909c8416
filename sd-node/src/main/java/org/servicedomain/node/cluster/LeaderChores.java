package org.servicedomain.node.cluster;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.function.BooleanSupplier;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.health.InstanceHealth;

/**
 * What a member does as leadership moves: when it starts leading it probes the ejections on the
 * board (the discovery poll reads {@link Cluster#leads()} on each tick by itself); every change of
 * leader is an event and is counted, and a gauge tells whether this member leads.
 */
public final class LeaderChores implements Leadership.Listener {

    private final InstanceHealth health;
    private final NodeEvents events;
    private final Counter changes;

    public LeaderChores(InstanceHealth health, NodeEvents events, MeterRegistry meters, BooleanSupplier leads) {
        this.health = health;
        this.events = events;
        Gauge.builder("sd.cluster.leader", leads, l -> l.getAsBoolean() ? 1 : 0).strongReference(true)
                .description("1 while this member runs the cluster's shared chores, else 0").register(meters);
        this.changes = Counter.builder("sd.cluster.leader.changes")
                .description("changes of the cluster's leader this member heard of").register(meters);
    }

    @Override
    public void leads(boolean leads) {
        if (leads) {
            health.takeOverProbes();
        }
    }

    @Override
    public void leaderChanged(String leaderId) {
        changes.increment();
        events.publish(NodeEvent.Type.LEADER_CHANGED, null, null, leaderId == null
                ? "no member runs the shared chores for the moment"
                : "member " + leaderId + " runs the shared chores (health probes, discovery poll)");
    }
}
