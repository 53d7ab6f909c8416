package org.servicedomain.node.hierarchy;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.storage.AtomicFiles;

/**
 * The child nodes registered with this node, kept in {@code children.json} under the data
 * directory (readable by the node's user only: it holds the children's secrets), in registration
 * order. Readers see an immutable map; changes are serialised and durable before they are published.
 */
public final class ChildRegistry {

    static final String FILE = "children.json";

    private final Path file;
    private final ObjectMapper json = new ObjectMapper();
    private volatile Map<String, ChildNode> children;

    private ChildRegistry(Path file, Map<String, ChildNode> children) {
        this.file = file;
        this.children = children;
    }

    public static ChildRegistry open(Path dataDir) throws IOException {
        Path file = dataDir.resolve(FILE);
        Map<String, ChildNode> children = new LinkedHashMap<>();
        if (Files.exists(file)) {
            List<ChildNode> stored = new ObjectMapper().readValue(file.toFile(), new TypeReference<List<ChildNode>>() { });
            stored.forEach(c -> children.put(c.address(), c));
        }
        return new ChildRegistry(file, Collections.unmodifiableMap(children));
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

    /** The child an instance stands for, if it is a child node's port. */
    public Optional<ChildNode> of(Instance instance) {
        String address = instance.attributes().get(ChildNode.CHILD_ATTRIBUTE);
        return address == null ? Optional.empty()
                : at(address).filter(c -> instance.endpointAddress().startsWith(c.address() + "/"));
    }

    /** The secret that signs the context header sent to the child behind {@code instance}, or null. */
    public String secretFor(Instance instance) {
        return of(instance).map(ChildNode::secret).orElse(null);
    }

    public synchronized void put(ChildNode child) {
        for (ChildNode other : children.values()) {
            if (other.name().equals(child.name()) && !other.address().equals(child.address())) {
                throw new NodeFault(FaultCode.BadRequest, "a child node named " + child.name() + " is already registered from "
                        + other.address() + "; give this one another name attribute");
            }
        }
        Map<String, ChildNode> next = new LinkedHashMap<>(children);
        next.put(child.address(), child);
        save(next);
    }

    public synchronized void remove(String address) {
        Map<String, ChildNode> next = new LinkedHashMap<>(children);
        if (next.remove(address) != null) {
            save(next);
        }
    }

    private void save(Map<String, ChildNode> next) {
        try {
            AtomicFiles.writePrivate(file, json.writerWithDefaultPrettyPrinter().writeValueAsBytes(new ArrayList<>(next.values())));
        } catch (IOException e) {
            throw new NodeFault(FaultCode.InternalError, "the node could not save its child nodes: " + e.getMessage(), e);
        }
        children = Collections.unmodifiableMap(next);
    }
}
