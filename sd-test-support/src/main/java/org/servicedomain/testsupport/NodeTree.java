package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.hierarchy.HierarchyConfig;

/**
 * A hierarchy of real nodes, each in its own embedded Tomcat with its own data directory, named
 * as in the scenarios (main, A, C, UF, UBC, ...). A node trusts its parent through a secret the
 * tree makes from its name; children are registered through the parent's home port.
 */
public final class NodeTree implements AutoCloseable {

    /** Long enough that no timer poll happens during a test unless it asks for one. */
    public static final Duration NO_TIMER = Duration.ofHours(1);

    private final Path dir;
    private final Map<String, RunningNode> nodes = new LinkedHashMap<>();

    public NodeTree(Path dir) {
        this.dir = dir;
    }

    /** Starts a node named {@code name} whose timer does not poll during a test. */
    public RunningNode start(String name) {
        return start(name, NO_TIMER);
    }

    /** Starts a node named {@code name} whose discovery timer polls every {@code pollInterval}. */
    public RunningNode start(String name, Duration pollInterval) {
        try {
            NodeConfig config = NodeConfig.builder(Files.createDirectories(dir.resolve(name)))
                    .hierarchy(new HierarchyConfig(name, secretOf(name), pollInterval)).build();
            RunningNode node = RunningNode.start(config);
            nodes.put(name, node);
            return node;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public RunningNode get(String name) {
        RunningNode node = nodes.get(name);
        if (node == null) {
            throw new IllegalArgumentException("no node named " + name);
        }
        return node;
    }

    /** Registers node {@code child} with node {@code parent}; returns one registration per port of the child. */
    public List<Registration> attach(String child, String parent) throws HomeFault {
        Register request = new Register();
        request.setWsdlLocation(get(child).homeAddress().toString());
        request.setOriginType("sd-node");
        request.setNodeSecret(secretOf(child));
        request.getAttribute().add(Registrations.attribute("name", child));
        return get(parent).home().register(request).getRegistration();
    }

    /** Starts the discovery poll at {@code top}, as its timer would, and returns once every level answered. */
    public GetServiceInfoResponse poll(String top) throws HomeFault {
        GetServiceInfo request = new GetServiceInfo();
        request.setPoll(Boolean.TRUE);
        request.setTopology(Boolean.TRUE);
        return get(top).home().getServiceInfo(request);
    }

    /** The topology below {@code name} as it stands, without polling. */
    public NodeInfo topology(String name) throws HomeFault {
        GetServiceInfo request = new GetServiceInfo();
        request.setTopology(Boolean.TRUE);
        return get(name).home().getServiceInfo(request).getNode();
    }

    /** The local names of the port types of the virtual ports node {@code name} shows now. */
    public List<String> portTypes(String name) throws HomeFault {
        List<String> types = new ArrayList<>();
        for (VirtualPortInfo port : get(name).home().getServiceInfo(new GetServiceInfo()).getVirtualPort()) {
            types.add(port.getPortType().getLocalPart());
        }
        return types;
    }

    /** The secret node {@code name} trusts its parent by. */
    public static String secretOf(String name) {
        return "parent-secret-of-" + name;
    }

    @Override
    public void close() {
        List<RunningNode> started = new ArrayList<>(nodes.values());
        for (int i = started.size() - 1; i >= 0; i--) {
            started.get(i).close();
        }
    }
}
