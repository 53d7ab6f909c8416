package org.servicedomain.node.hierarchy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings this node's catalog in line with what one child answered a poll: each port the child
 * offers is an instance here (operational when the child has an active instance for it, else
 * standby); a port the child no longer offers leaves, and with it the virtual port here when
 * nothing else stands behind it.
 */
final class DiscoveryPoll {

    private static final Logger LOG = LoggerFactory.getLogger(DiscoveryPoll.class);

    private final Catalog catalog;

    DiscoveryPoll(Catalog catalog) {
        this.catalog = catalog;
    }

    /**
     * Files the child's ports; returns the instances that stand for them now. A port new here is filed
     * with the child's terms; one filed before keeps what it has (an administrator's changes included),
     * unless {@code refile}: then it is filed again with the terms, as when the child registers again.
     */
    List<Catalog.Registered> reconcile(ChildNode child, NodeInfo answer, boolean refile) {
        Set<String> active = answer.getInstance().stream()
                .filter(i -> i.getState() == org.servicedomain.home.v1.InstanceState.OPERATIONAL)
                .map(InstanceInfo::getVirtualPort).collect(Collectors.toSet());
        Map<String, Instance> existing = new HashMap<>();
        instancesOf(child).forEach(i -> existing.put(i.endpointAddress(), i));
        List<Catalog.Registered> filed = new ArrayList<>();
        for (VirtualPortInfo port : answer.getVirtualPort()) {
            InstanceState wanted = active.contains(port.getName()) ? InstanceState.OPERATIONAL : InstanceState.STANDBY;
            Instance instance = existing.remove(port.getAddress());
            try {
                filed.add(file(child, port, refile ? null : instance, wanted));
            } catch (NodeFault e) {
                LOG.warn("port {} of child node {} not filed: {}", port.getName(), child.name(), e.getMessage());
            }
        }
        for (Instance gone : existing.values()) {
            catalog.unregister(gone.id());
            catalog.removePortIfEmpty(gone.virtualPort());
            LOG.info("child node {} no longer offers {}", child.name(), gone.virtualPort());
        }
        return filed;
    }

    /** Marks every instance of a child that did not answer as down, until a poll reaches it again. */
    void unreachable(ChildNode child) {
        for (Instance instance : instancesOf(child)) {
            if (instance.state() != InstanceState.DOWN) {
                catalog.update(instance.id(), new Catalog.InstanceUpdate(InstanceState.DOWN, null, null));
            }
        }
    }

    /** Removes every instance of a child that left, and the ports only it offered. */
    void forget(ChildNode child) {
        for (Instance instance : instancesOf(child)) {
            catalog.unregister(instance.id());
            catalog.removePortIfEmpty(instance.virtualPort());
        }
    }

    /** The attributes of the child's instances: its terms' and, over them, the node's own. */
    private static Map<String, String> attributes(ChildNode child) {
        Map<String, String> attributes = new HashMap<>(child.terms().attributes());
        attributes.put("name", child.name());
        attributes.put(ChildNode.ORIGIN_ATTRIBUTE, ChildNode.ORIGIN_TYPE);
        attributes.put(ChildNode.CHILD_ATTRIBUTE, child.address());
        return attributes;
    }

    List<Instance> instancesOf(ChildNode child) {
        return catalog.snapshot().instances().stream()
                .filter(i -> child.address().equals(i.attributes().get(ChildNode.CHILD_ATTRIBUTE))).toList();
    }

    /** Files {@code port} with the child's terms when {@code instance} is null (a registration of the same address keeps its id and state). */
    private Catalog.Registered file(ChildNode child, VirtualPortInfo port, Instance instance, InstanceState wanted) {
        if (instance == null) {
            Catalog.Registered registered = catalog.register(new RegistrationRequest(port.getWsdlAddress(), port.getAddress(),
                    port.getPortType(), child.terms().supplierLevels(), child.terms().timeoutMs(), attributes(child))).get(0);
            LOG.info("child node {} offers {} as instance {} of {} in supplier levels {}", child.name(), port.getName(),
                    registered.instance().id(), registered.port().name(), registered.instance().sortedSupplierLevels());
            instance = registered.instance();
        }
        if (instance.state() != wanted) {
            instance = catalog.update(instance.id(), new Catalog.InstanceUpdate(wanted, null, null));
        }
        return new Catalog.Registered(instance, catalog.snapshot().port(instance.virtualPort()).orElseThrow());
    }
}
