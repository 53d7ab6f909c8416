package org.servicedomain.node.entry.home;

import java.time.Instant;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.audit.AuditTrail;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.engine.monitor.TrafficStatistics;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.qos.PriorityFlows;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.Logins;
import org.servicedomain.node.session.SessionActivity;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.UserDirectory;

/**
 * The parts of the node the home port's operations read and change, handed in by the web app's
 * composition: the home port never sees the node as a whole.
 *
 * @param startedAt when the node started, the origin of the uptime it reports
 */
public record HomeNode(NodeConfig config, Catalog catalog, ActivePolicy policy, UserDirectory users, SessionRegistry sessions,
        Logins logins, FixedChoices fixedChoices, DomainInfoStore domainInfo, Hierarchy hierarchy, InstanceHealth health,
        InstanceMonitor monitor, PriorityFlows priorityFlows, TrafficStatistics statistics, RequestOutcomes outcomes,
        Metering metering, SessionActivity sessionActivity, NodeEvents events, AuditTrail audit, Instant startedAt) {
}
