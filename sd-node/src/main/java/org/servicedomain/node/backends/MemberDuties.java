package org.servicedomain.node.backends;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Clock;
import java.time.Duration;
import java.util.function.DoubleSupplier;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.session.SessionRegistry;

/**
 * What a member takes on when it joins: it publishes its load, places new sessions on the least-loaded
 * member beyond the placement margin, and, when it leads, runs the shared health chores.
 *
 * @param members calls to the other members, {@code timeout} each
 */
public record MemberDuties(DoubleSupplier loadIndex, DoubleSupplier placementMargin, SessionRegistry sessions,
        InstanceHealth health, NodeEvents events, MeterRegistry meters, HttpCalls members, Duration timeout, Clock clock) {
}
