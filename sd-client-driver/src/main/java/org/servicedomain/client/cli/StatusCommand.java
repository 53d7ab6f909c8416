package org.servicedomain.client.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Statistics;
import org.servicedomain.home.v1.VirtualPortInfo;
import picocli.CommandLine.Command;

/**
 * The node at a glance, from what the home port exposes: its name, uptime (the statistics' time since
 * start), active policy version, virtual ports, instances by state and requests per second over the
 * statistics window. The home port does not tell the node's version, so neither does this.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Shows the node: name, uptime, active policy version, ports, instances by state, requests per second.")
final class StatusCommand extends NodeCommand {

    record PortStatus(String name, int instances, long operational, Integer inFlight, double requestsPerSecond) {
    }

    record Status(String node, String name, String nodeId, String nodeVersion, String sdctlVersion, Long uptimeSeconds,
            long policyVersion, Map<String, Long> instancesByState, double requestsPerSecond, List<PortStatus> ports) {
    }

    @Override
    int run() throws Exception {
        NodeClient client = client();
        NodeInfo node = client.topology();
        long policyVersion = client.getPolicy().version();
        Status status = status(client.nodeBase().toString(), node, policyVersion);
        if (json()) {
            printJson(status);
            return 0;
        }
        var out = out();
        out.println("node:             " + status.name() + " at " + status.node() + " (id " + status.nodeId() + ")");
        out.println("node version:     not exposed by the node's home port");
        out.println("sdctl version:    " + status.sdctlVersion());
        out.println("uptime:           " + (status.uptimeSeconds() == null ? "unknown (no port has statistics yet)"
                : Durations.text(status.uptimeSeconds())));
        out.println("policy version:   " + status.policyVersion());
        out.println("instances:        " + (status.instancesByState().isEmpty() ? "none" : status.instancesByState()
                .entrySet().stream().map(e -> e.getValue() + " " + e.getKey()).reduce((a, b) -> a + ", " + b).orElse("")));
        out.println("requests/s:       " + String.format("%.2f", status.requestsPerSecond()));
        out.println();
        Table ports = new Table("PORT", "INSTANCES", "OPERATIONAL", "IN-FLIGHT", "REQ/S");
        status.ports().forEach(p -> ports.row(p.name(), p.instances(), p.operational(), p.inFlight(),
                String.format("%.2f", p.requestsPerSecond())));
        ports.print(out);
        return 0;
    }

    static Status status(String address, NodeInfo node, long policyVersion) throws java.io.IOException {
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
        return new Status(address, node.getName(), node.getNodeId(), null, Sdctl.Version.version(), uptime, policyVersion,
                byState, total, ports);
    }

    static double perSecond(Statistics window) {
        return window == null || window.getPeriodSeconds() <= 0 ? 0 : (double) window.getRequests() / window.getPeriodSeconds();
    }
}
