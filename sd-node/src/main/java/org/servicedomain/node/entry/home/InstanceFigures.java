package org.servicedomain.node.entry.home;

import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.monitor.TrafficStatistics;
import org.servicedomain.node.qos.PriorityFlows;

/** What the node measures of its instances, shown beside each instance the home port answers with. */
record InstanceFigures(InstanceMonitor monitor, InstanceHealth health, TrafficStatistics statistics, PriorityFlows flows) {
}
