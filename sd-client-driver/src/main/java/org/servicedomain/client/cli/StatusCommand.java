package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.time.Duration;
import java.time.Instant;
import org.servicedomain.client.InstanceNames;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Statistics;
import org.servicedomain.home.v1.VirtualPortInfo;
import picocli.CommandLine.Command;

/**
 * The node at a glance, from what the home port exposes: its name, version and build, uptime (since
 * the start time the node tells signed-in callers), active policy version, virtual ports, instances by
 * state and requests per second over the statistics window, then every instance by its name.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Shows the node: name, uptime, active policy version, ports, instances by state and by name, requests per second.")
final class StatusCommand extends NodeCommand {

    record PortStatus(String name, int instances, long operational, Integer inFlight, double requestsPerSecond) {
    }

    /** An instance by its name (the node's; its address when the node tells none), with its address as detail. */
    record InstanceStatus(String name, String instanceId, String virtualPort, String state, String endpointAddress) {
        static InstanceStatus of(InstanceInfo i) {
            return new InstanceStatus(InstanceNames.of(i), i.getInstanceId(), i.getVirtualPort(),
                    i.getState() == null ? "unknown" : i.getState().value(), i.getEndpointAddress());
        }
    }

    record Status(String node, String name, String nodeId, String nodeVersion, String nodeBuild, String startedAt,
            String sdctlVersion, Long uptimeSeconds, long policyVersion, Map<String, Long> instancesByState, double requestsPerSecond,
            List<PortStatus> ports, List<InstanceStatus> instances) {
    }

    @Override
    int run() throws Exception {
        NodeClient client = client();
        GetServiceInfoResponse overview = client.overview();
        long policyVersion = client.getPolicy().version();
        Status status = status(client.nodeBase().toString(), overview, policyVersion, Instant.now());
        if (json()) {
            printJson(status);
            return 0;
        }
        var out = out();
        out.println("node:             " + status.name() + " at " + status.node() + " (id " + status.nodeId() + ")");
        out.println("node version:     " + (status.nodeVersion() == null ? "not told (sign in to see it)"
                : status.nodeVersion() + " (built " + status.nodeBuild() + ")"));
        out.println("sdctl version:    " + status.sdctlVersion());
        out.println("uptime:           " + (status.uptimeSeconds() == null ? "unknown (no port has statistics yet)"
                : Durations.text(status.uptimeSeconds())) + (status.startedAt() == null ? "" : " (since " + status.startedAt() + ")"));
        out.println("policy version:   " + status.policyVersion());
        out.println("instances:        " + (status.instancesByState().isEmpty() ? "none" : status.instancesByState()
                .entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).reduce((a, b) -> a + ", " + b).orElse("")));
        out.println("requests/s:       " + String.format("%.2f", status.requestsPerSecond()));
        out.println();
        Table ports = new Table("PORT", "INSTANCES", "OPERATIONAL", "IN-FLIGHT", "REQ/S");
        status.ports().forEach(p -> ports.row(p.name(), p.instances(), p.operational(), p.inFlight(),
                String.format("%.2f", p.requestsPerSecond())));
        ports.print(out);
        if (!status.instances().isEmpty()) {
            out.println();
            Table instances = new Table("INSTANCE", "PORT", "STATE", "ADDRESS", "ID");
            status.instances().forEach(i -> instances.row(i.name(), i.virtualPort(), i.state(),
                    InstanceNames.hostPort(i.endpointAddress()), i.instanceId()));
            instances.print(out);
        }
        return 0;
    }

    /** The status from the node's overview; uptime runs from its start time, else from its statistics' time since start. */
    static Status status(String address, GetServiceInfoResponse overview, long policyVersion, Instant now) throws java.io.IOException {
        NodeInfo node = overview.getNode();
        if (node == null) {
            throw new NodeClientException("BadRequest", "the node at " + address + " answered no topology", List.of(), null);
        }
        Map<String, Long> byState = new TreeMap<>();
        Long uptime = null;
        for (InstanceInfo i : node.getInstance()) {
            byState.merge(i.getState() == null ? "unknown" : i.getState().value(), 1L, Long::sum);
        }
        List<PortStatus> ports = new ArrayList<>();
        double total = 0;
        for (VirtualPortInfo p : node.getVirtualPort()) {
            long operational = node.getInstance().stream().filter(i -> p.getName().equals(i.getVirtualPort())
                    && i.getState() == org.servicedomain.home.v1.InstanceState.OPERATIONAL).count();
            double rate = perSecond(p.getWindow());
            total += rate;
            ports.add(new PortStatus(p.getName(), p.getInstanceCount(), operational, p.getInFlight(), rate));
            if (p.getTotal() != null) {
                uptime = uptime == null ? p.getTotal().getPeriodSeconds() : Math.max(uptime, p.getTotal().getPeriodSeconds());
            }
        }
        Instant started = overview.getStartedAt() == null ? null : overview.getStartedAt().toGregorianCalendar().toInstant();
        if (started != null) {
            uptime = Math.max(0, Duration.between(started, now).toSeconds());
        }
        return new Status(address, node.getName(), node.getNodeId(), overview.getNodeVersion(), overview.getNodeBuild(),
                started == null ? null : started.toString(), Sdctl.Version.version(), uptime, policyVersion, byState, total, ports,
                node.getInstance().stream().map(InstanceStatus::of).toList());
    }

    static double perSecond(Statistics window) {
        return window == null || window.getPeriodSeconds() <= 0 ? 0 : (double) window.getRequests() / window.getPeriodSeconds();
    }
}
