package org.servicedomain.testsupport;

import jakarta.xml.ws.BindingProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import javax.xml.namespace.QName;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.apache.cxf.headers.Header;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.w3c.dom.Element;

/**
 * A hierarchy of real nodes, each in its own embedded Tomcat with its own data directory, named
 * as in the scenarios (main, A, C, UF, UBC, ...). A node trusts its parent through a secret the
 * tree makes from its name; children are registered through the parent's home port.
 */
public final class NodeTree implements AutoCloseable {

    /** Long enough that no timer poll happens during a test unless it asks for one. */
    public static final Duration NO_TIMER = Duration.ofHours(1);

    private static final QName SESSION = new QName("urn:sd:home:1", "session");

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
        RunningNode node = RunningNode.start(config(name, pollInterval));
        nodes.put(name, node);
        return node;
    }

    /** Starts a node named {@code name} without timer polls, its configuration changed by {@code configured}. */
    public RunningNode start(String name, UnaryOperator<NodeConfig.Builder> configured) {
        RunningNode node = RunningNode.start(configured.apply(builder(name, NO_TIMER)).build());
        nodes.put(name, node);
        return node;
    }

    /** Starts a node named {@code name}, without timer polls, with the admin console from {@code consoleWar} beside it. */
    public RunningNode startWithConsole(String name, Path consoleWar) {
        RunningNode node = RunningNode.startWithConsole(config(name, NO_TIMER), consoleWar);
        nodes.put(name, node);
        return node;
    }

    private NodeConfig config(String name, Duration pollInterval) {
        return builder(name, pollInterval).build();
    }

    private NodeConfig.Builder builder(String name, Duration pollInterval) {
        try {
            return NodeConfig.builder(Files.createDirectories(dir.resolve(name)))
                    .hierarchy(new HierarchyConfig(name, secretOf(name), pollInterval));
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
        return get(parent).home().register(attachment(child)).getRegistration();
    }

    /** Registers node {@code child} with node {@code parent}, its ports filed there under {@code supplierLevels}. */
    public List<Registration> attachAt(String child, String parent, String... supplierLevels) throws HomeFault {
        Register request = attachment(child);
        request.getSupplierLevel().addAll(List.of(supplierLevels));
        return get(parent).home().register(request).getRegistration();
    }

    /** Registers node {@code child} with node {@code parent} with these further registration attributes (name=value). */
    public List<Registration> attachWith(String child, String parent, String... attributes) throws HomeFault {
        Register request = attachment(child);
        for (String attribute : attributes) {
            request.getAttribute().add(Registrations.attribute(attribute));
        }
        return get(parent).home().register(request).getRegistration();
    }

    /**
     * Registers node {@code child} with node {@code parent} in the parent's session {@code sessionId}
     * (sent in the {@code sd:session} header), as a parent with an administrator requires.
     */
    public List<Registration> attach(String child, String parent, String sessionId) throws HomeFault {
        HomePortType home = get(parent).home();
        ((BindingProvider) home).getRequestContext().put(Header.HEADER_LIST, List.of(sessionHeader(sessionId)));
        return home.register(attachment(child)).getRegistration();
    }

    private Register attachment(String child) {
        Register request = new Register();
        request.setWsdlLocation(get(child).homeAddress().toString());
        request.setOriginType("sd-node");
        request.setNodeSecret(secretOf(child));
        request.getAttribute().add(Registrations.attribute("name", child));
        return request;
    }

    private static Header sessionHeader(String sessionId) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            Element element = factory.newDocumentBuilder().newDocument().createElementNS(SESSION.getNamespaceURI(), "sd:session");
            element.setTextContent(sessionId);
            return new Header(SESSION, element);
        } catch (ParserConfigurationException e) {
            throw new IllegalStateException("no DOM implementation", e);
        }
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
