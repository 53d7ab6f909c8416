package org.servicedomain.node.hierarchy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The child nodes registered with this node, in registration order, kept by a {@link ChildStore}
 * ({@code children.json}, or the cluster's ZooKeeper on a member). Readers see an immutable map;
 * changes are serialised and durable before they are published; a change made on a stale view of a
 * shared store is made again on top of the other member's.
 */
public final class ChildRegistry {

    private static final Logger LOG = LoggerFactory.getLogger(ChildRegistry.class);
    private static final int ATTEMPTS = 10;

    private final ChildStore store;
    private volatile Map<String, ChildNode> children;

    private ChildRegistry(ChildStore store, Map<String, ChildNode> children) {
        this.store = store;
        this.children = children;
    }

    /** The children of a node of its own, in {@code children.json} under {@code dataDir}. */
    public static ChildRegistry open(Path dataDir) throws IOException {
        return open(new FileChildStore(dataDir));
    }

    /** The children {@code store} keeps; changes other members make are taken in as they are heard of. */
    public static ChildRegistry open(ChildStore store) throws IOException {
        ChildRegistry registry = new ChildRegistry(store, index(store.load()));
        store.onChange(registry::reload);
        return registry;
    }

    private static Map<String, ChildNode> index(List<ChildNode> stored) {
        Map<String, ChildNode> children = new LinkedHashMap<>();
        stored.forEach(c -> children.put(c.address(), c));
        return Collections.unmodifiableMap(children);
    }

    private synchronized void reload() {
        try {
            children = index(store.load());
        } catch (IOException e) {
            LOG.error("could not read the child nodes another member changed; keeping those known", e);
        }
    }

    public Collection<ChildNode> all() {
        return children.values();
    }

    public Optional<ChildNode> at(String address) {
        return Optional.ofNullable(children.get(address));
    }

    /** The child registered under {@code name}, as its parent's administrators address it. */
    public Optional<ChildNode> named(String name) {
        return children.values().stream().filter(c -> c.name().equals(name)).findFirst();
    }

    /**
     * The child an instance stands for, if it is a child node's port. The child's attributes are the
     * node's own (filed by the discovery poll, or by an administrator; a provider's are filed as
     * claims), so they are trusted; the endpoint is not compared with the child's home address, as a
     * child serves its ports on its data plane, another port or host than its home port.
     */
    public Optional<ChildNode> of(Instance instance) {
        String address = instance.attributes().get(ChildNode.CHILD_ATTRIBUTE);
        return address == null || !ChildNode.ORIGIN_TYPE.equals(instance.attributes().get(ChildNode.ORIGIN_ATTRIBUTE))
                ? Optional.empty() : at(address);
    }

    public synchronized void put(ChildNode child) {
        change(next -> {
            for (ChildNode other : next.values()) {
                if (other.name().equals(child.name()) && !other.address().equals(child.address())) {
                    throw new NodeFault(FaultCode.BadRequest, "a child node named " + child.name() + " is already registered from "
                            + other.address() + "; give this one another name attribute");
                }
            }
            next.put(child.address(), child);
            return true;
        });
    }

    public synchronized void remove(String address) {
        change(next -> next.remove(address) != null);
    }

    /** Applies {@code edit} to the children and saves them if it changed them, again on top of another member's change. */
    private void change(Predicate<Map<String, ChildNode>> edit) {
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Map<String, ChildNode> next = new LinkedHashMap<>(children);
            if (!edit.test(next)) {
                return;
            }
            try {
                store.save(new ArrayList<>(next.values()));
                children = Collections.unmodifiableMap(next);
                return;
            } catch (ChildStore.StaleChildrenException e) {
                LOG.debug("the child nodes changed at another member; making this change again on top of it", e);
                reloadOrFail();
            } catch (IOException e) {
                throw new NodeFault(FaultCode.InternalError, "the node could not save its child nodes: " + e.getMessage(), e);
            }
        }
        throw new NodeFault(FaultCode.InternalError, "the child nodes were not saved: other members kept changing them; try again");
    }

    private void reloadOrFail() {
        try {
            children = index(store.load());
        } catch (IOException e) {
            throw new NodeFault(FaultCode.InternalError, "the node could not read its child nodes: " + e.getMessage(), e);
        }
    }
}
