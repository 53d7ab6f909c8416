package org.servicedomain.console;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.VirtualPortInfo;

/**
 * The topology page's data mapping: the node's {@code sd:node} tree turned into nodes, each with
 * its virtual ports (their instances grouped under them) and its children, for the recursive tag.
 */
public final class TopologyTree {

    /** One virtual port of a node with its instances. */
    public record PortBranch(String name, List<PortStatistics.InstanceRow> instances) {
        public String getName() { return name; }
        public List<PortStatistics.InstanceRow> getInstances() { return instances; }
    }

    /** One node: its name, address, state as its parent last saw it, ports and children. */
    public record NodeBranch(String name, String address, String state, List<PortBranch> ports, List<NodeBranch> children) {
        public String getName() { return name; }
        public String getAddress() { return address; }
        public String getState() { return state; }
        public List<PortBranch> getPorts() { return ports; }
        public List<NodeBranch> getChildren() { return children; }
    }

    private TopologyTree() {
    }

    /** The node and, recursively, every child below it, in the node's order. */
    public static NodeBranch of(NodeInfo node) {
        Map<String, List<PortStatistics.InstanceRow>> byPort = new LinkedHashMap<>();
        for (VirtualPortInfo port : node.getVirtualPort()) {
            byPort.put(port.getName(), new ArrayList<>());
        }
        for (InstanceInfo instance : node.getInstance()) {
            byPort.computeIfAbsent(instance.getVirtualPort(), p -> new ArrayList<>()).add(PortStatistics.row(instance));
        }
        List<PortBranch> ports = byPort.entrySet().stream()
                .map(e -> new PortBranch(e.getKey(), List.copyOf(e.getValue()))).toList();
        List<NodeBranch> children = node.getChild().stream().map(TopologyTree::of).toList();
        return new NodeBranch(node.getName(), node.getAddress(), node.getState(), ports, children);
    }
}
