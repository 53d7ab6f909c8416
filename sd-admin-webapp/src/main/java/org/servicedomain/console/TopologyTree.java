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

    /**
     * One node: its name, address, state as its parent last saw it, ports and children; the
     * {@code node} parameter that opens its pages through the console's node; and, for a child of
     * the node the page shows, one instance there standing for it, which unregistering removes the child by.
     */
    public record NodeBranch(String name, String address, String state, List<PortBranch> ports, List<NodeBranch> children,
            String path, String standingInstance) {
        public String getName() { return name; }
        public String getAddress() { return address; }
        public String getState() { return state; }
        public List<PortBranch> getPorts() { return ports; }
        public List<NodeBranch> getChildren() { return children; }
        public String getPath() { return path; }
        public String getQuery() { return NodeChoice.of(path).getQuery(); }
        public String getStandingInstance() { return standingInstance; }
    }

    /** The attribute a parent node files on the instance standing for a child: the child's home address. */
    static final String CHILD_ATTRIBUTE = "childNode";

    private TopologyTree() {
    }

    /** The node and, recursively, every child below it, in the node's order. */
    public static NodeBranch of(NodeInfo node) {
        return of(node, NodeChoice.TOP, null, true);
    }

    /** The tree of {@code node}, the node the page shows, chosen as {@code choice}. */
    public static NodeBranch of(NodeInfo node, NodeChoice choice) {
        return of(node, choice, null, true);
    }

    /** @param choice how to open {@code node}, null when its name cannot be addressed; {@code root}: the node the page shows */
    private static NodeBranch of(NodeInfo node, NodeChoice choice, String standingInstance, boolean root) {
        Map<String, List<PortStatistics.InstanceRow>> byPort = new LinkedHashMap<>();
        for (VirtualPortInfo port : node.getVirtualPort()) {
            byPort.put(port.getName(), new ArrayList<>());
        }
        for (InstanceInfo instance : node.getInstance()) {
            byPort.computeIfAbsent(instance.getVirtualPort(), p -> new ArrayList<>()).add(PortStatistics.row(instance));
        }
        List<PortBranch> ports = byPort.entrySet().stream()
                .map(e -> new PortBranch(e.getKey(), List.copyOf(e.getValue()))).toList();
        List<NodeBranch> children = node.getChild().stream()
                .map(c -> of(c, choice != null && addressable(c) ? choice.child(c.getName()) : null,
                        root ? standing(node, c) : null, false)).toList();
        return new NodeBranch(node.getName(), node.getAddress(), node.getState(), ports, children,
                choice == null ? null : choice.getPath(), standingInstance);
    }

    private static boolean addressable(NodeInfo child) {
        return child.getName() != null && NodeChoice.NAME.matcher(child.getName()).matches();
    }

    /**
     * An instance of {@code parent} that stands for {@code child}, or null: the one the parent filed for
     * it, marked with the child's address in its {@value #CHILD_ATTRIBUTE} attribute (its endpoint is the
     * child's data plane, not under the child's home address).
     */
    private static String standing(NodeInfo parent, NodeInfo child) {
        String address = child.getAddress();
        return address == null ? null : parent.getInstance().stream()
                .filter(i -> i.getAttribute().stream().anyMatch(a -> CHILD_ATTRIBUTE.equals(a.getName()) && address.equals(a.getValue())))
                .map(InstanceInfo::getInstanceId).findFirst().orElse(null);
    }
}
