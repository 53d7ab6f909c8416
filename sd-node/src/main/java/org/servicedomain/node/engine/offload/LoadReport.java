package org.servicedomain.node.engine.offload;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a node tells its peers at {@code /sd/load}: how loaded it is, and the virtual ports it
 * serves with their operational instances of its own (never borrowed ones), which peers may offload
 * to and borrow. {@code peers} shows how the node sees its own peers, for people; peers ignore it.
 *
 * @param loadIndex requests in flight divided by capacity
 * @param peers this node's view of its peers: address, their last load index, age of that report
 * @param cluster this member's id and the cluster's leader; null on a node of its own (which is its own leader)
 */
public record LoadReport(double loadIndex, int inFlight, int capacity, List<Port> ports, List<PeerView> peers,
        ClusterRole cluster) {

    public LoadReport {
        ports = ports == null ? List.of() : List.copyOf(ports);
        peers = peers == null ? List.of() : List.copyOf(peers);
    }

    /** The report of a node of its own. */
    public LoadReport(double loadIndex, int inFlight, int capacity, List<Port> ports, List<PeerView> peers) {
        this(loadIndex, inFlight, capacity, ports, peers, null);
    }

    /**
     * A member's place in its cluster, for people: its id, and the member that runs the shared chores
     * (null while none does).
     */
    public record ClusterRole(String member, String leader) {
    }

    /** A virtual port and its operational instances; the port type as {@code {namespace}localName}. */
    public record Port(String name, String portType, List<Offered> instances) {
        public Port {
            instances = instances == null ? List.of() : List.copyOf(instances);
        }
    }

    /** An instance a peer may borrow; a peer that reports one level as {@code supplierLevel} is understood too. */
    public record Offered(String id, String endpointAddress, Long timeoutMs,
            @JsonAlias("supplierLevel") @JsonFormat(with = JsonFormat.Feature.ACCEPT_SINGLE_VALUE_AS_ARRAY) List<String> supplierLevels,
            Map<String, String> attributes) {
        public Offered {
            attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
            supplierLevels = supplierLevels == null ? List.of() : List.copyOf(supplierLevels);
        }

        public Set<String> levels() {
            return Set.copyOf(supplierLevels);
        }
    }

    /** One peer as this node last heard from it; {@code loadIndex} null when it did not answer. */
    public record PeerView(String address, Double loadIndex, Long ageMs) {
    }
}
