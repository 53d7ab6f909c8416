package org.servicedomain.node.hierarchy;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import org.servicedomain.home.v1.NodeInfo;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's place in a hierarchy of nodes: the children registered below it, the discovery
 * poll that keeps their ports in the catalog (started by a timer at the top node, and iteratively
 * by each parent's poll below it), the topology they last reported, the context header a parent
 * sends, and how failures are answered up the tree (attempt paths, percolation).
 */
public final class Hierarchy implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Hierarchy.class);

    private final HierarchyConfig config;
    private final String nodeId;
    private final Catalog catalog;
    private final ChildRegistry children;
    private final ChildHomeClient client;
    private final DiscoveryPoll discovery;
    private final ReentrantLock polling = new ReentrantLock();
    /** Held while a child's ports are filed or forgotten, so that a poll answer cannot refile a child that just left. */
    private final Object filing = new Object();
    private final Map<String, NodeInfo> answers = new ConcurrentHashMap<>();
    private final ScheduledExecutorService timer;
    private final HierarchyProofs proofs;
    private volatile long askedByParentNanos;
    private volatile boolean askedByParent;
    private final BooleanSupplier pollsHere;

    private Hierarchy(HierarchyConfig config, String nodeId, Catalog catalog, ChildRegistry children, ChildHomeClient client,
            BooleanSupplier pollsHere) {
        this.pollsHere = pollsHere;
        this.config = config;
        this.nodeId = nodeId;
        this.catalog = catalog;
        this.children = children;
        this.client = client;
        this.discovery = new DiscoveryPoll(catalog);
        this.proofs = new HierarchyProofs(config.parentSecret(), nodeId);
        this.timer = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-discovery-poll"));
    }

    /**
     * Opens the hierarchy state under the data directory and starts the discovery timer.
     *
     * @param client how this node reaches its children's home ports (its timeouts are the node's)
     */
    public static Hierarchy open(HierarchyConfig config, Path dataDir, Catalog catalog, ChildRegistry children,
            ChildHomeClient client) throws IOException {
        return open(config, dataDir, catalog, children, client, () -> true);
    }

    /**
     * As {@link #open(HierarchyConfig, Path, Catalog, ChildRegistry, ChildHomeClient)}, the timer polling only
     * while {@code pollsHere} says so: in a cluster, on the member that runs the shared chores.
     */
    public static Hierarchy open(HierarchyConfig config, Path dataDir, Catalog catalog, ChildRegistry children,
            ChildHomeClient client, BooleanSupplier pollsHere) throws IOException {
        Hierarchy hierarchy = new Hierarchy(config, NodeIdentity.load(dataDir), catalog, children, client, pollsHere);
        long every = config.pollInterval().toMillis();
        hierarchy.timer.scheduleWithFixedDelay(hierarchy::tick, every, every, TimeUnit.MILLISECONDS);
        return hierarchy;
    }

    public String nodeName() {
        return config.nodeName();
    }

    public String nodeId() {
        return nodeId;
    }

    public ChildRegistry children() {
        return children;
    }

    /**
     * Registers the node whose home port is at {@code homeAddress}: polls it, and files each of
     * its virtual ports as an instance of this node's port of the same port type, with {@code terms}.
     * Registering a child again replaces its name, secret and terms.
     */
    public List<Catalog.Registered> registerChild(String homeAddress, String secret, String name, ChildTerms terms) {
        String address = baseOf(homeAddress);
        NodeInfo answer;
        try {
            answer = client.poll(address, secret);
        } catch (IOException e) {
            throw new NodeFault(FaultCode.WsdlUnreadable, "the child node at " + address + " did not answer getServiceInfo: "
                    + e.getMessage(), e);
        }
        if (reaches(answer, nodeId)) {
            throw new NodeFault(FaultCode.BadRequest, "the node at " + address + " is this node or has it below: "
                    + "registering it would make a cycle");
        }
        if (answer.getVirtualPort().isEmpty()) {
            throw new NodeFault(FaultCode.BadRequest, "the node at " + address + " offers no virtual port yet; "
                    + "register its providers first");
        }
        ChildNode child = new ChildNode(address, name != null ? name : answer.getName(), secret, answer.getNodeId(), terms);
        synchronized (filing) {
            children.put(child);
            answers.put(address, answer);
            LOG.info("registered child node {} at {}", child.name(), address);
            return discovery.reconcile(child, answer, true);
        }
    }

    /** When {@code instanceId} stands for a child's port: the child leaves with all its ports. */
    public Optional<Instance> unregisterChildOf(String instanceId) {
        Optional<Instance> instance = catalog.snapshot().instance(instanceId);
        Optional<ChildNode> child = instance.flatMap(children::of);
        if (child.isEmpty()) {
            return Optional.empty();
        }
        synchronized (filing) {
            children.remove(child.get().address());
            answers.remove(child.get().address());
            discovery.forget(child.get());
        }
        LOG.info("child node {} at {} left", child.get().name(), child.get().address());
        return instance;
    }

    /** A poll this node's parent asked for: from now on the parent coordinates, and this node's timer waits. */
    public void pollAskedByParent() {
        askedByParentNanos = System.nanoTime();
        askedByParent = true;
        poll();
    }

    /**
     * Polls every child once, each of which polls its own children before answering. A poll already
     * running (a cycle, or the timer and a parent at once) is not repeated: the caller gets the
     * state that poll leaves.
     */
    public void poll() {
        if (!polling.tryLock()) {
            return;
        }
        try {
            for (ChildNode child : children.all()) {
                pollChild(child);
            }
        } finally {
            polling.unlock();
        }
    }

    private void pollChild(ChildNode child) {
        try {
            NodeInfo answer = client.poll(child.address(), child.secret());
            synchronized (filing) {
                if (children.at(child.address()).isPresent()) {
                    answers.put(child.address(), answer);
                    discovery.reconcile(child, answer, false);
                }
            }
        } catch (IOException e) {
            LOG.warn("child node {} at {} did not answer the discovery poll: {}", child.name(), child.address(), e.toString());
            synchronized (filing) {
                if (children.at(child.address()).isPresent()) {
                    answers.put(child.address(), stub(child, "unreachable"));
                    discovery.unreachable(child);
                }
            }
        }
    }

    private void tick() {
        try {
            boolean parentCoordinates = askedByParent
                    && System.nanoTime() - askedByParentNanos < 2 * config.pollInterval().toNanos();
            if (!children.all().isEmpty() && !parentCoordinates && pollsHere.getAsBoolean()) {
                poll();
            }
        } catch (RuntimeException e) {
            LOG.error("the discovery poll failed", e);
        }
    }

    /** {@code self} (this node's ports and instances) completed with its name and the children's last answers. */
    public NodeInfo topology(NodeInfo self, String address) {
        self.setName(config.nodeName());
        self.setNodeId(nodeId);
        self.setAddress(address);
        self.setState("reachable");
        for (ChildNode child : children.all()) {
            self.getChild().add(answers.getOrDefault(child.address(), stub(child, "unpolled")));
        }
        return self;
    }

    /** Whether a call carrying {@code proof} comes from this node's parent or a peer ({@link HierarchyProofs#isParentCall}). */
    public boolean isParentCall(String proof, String method, String path, String authority) {
        return proofs.isParentCall(proof, method, path, authority);
    }

    /** The proof for forwarding an administrator's home-port call to {@code child} ({@link HierarchyProofs#adminProofFor}). */
    public String adminProofFor(ChildNode child, String target, String user, byte[] bodyDigest) {
        return proofs.adminProofFor(child, target, user, bodyDigest);
    }

    /** Accepts a call the parent forwarded for its administrator, or refuses it ({@link HierarchyProofs#acceptParentAdministrator}). */
    public void acceptParentAdministrator(String proof, String target, String user, byte[] bodyDigest) {
        proofs.acceptParentAdministrator(proof, target, user, bodyDigest);
    }

    /** The request context a trusted parent sent with the request, or null ({@link HierarchyProofs#parentContext}). */
    public ContextHeaderReader.Found parentContext(byte[] envelope, String port, String soapAction) {
        return proofs.parentContext(envelope, port, soapAction);
    }

    /**
     * The fault to answer: attempts get their path from this node down ({@code main/A/X}); when a
     * parent sent the request and the port's recovery percolates, an exhausted request becomes
     * {@code Percolated}, so the parent tries another child.
     */
    public NodeFault answer(NodeFault fault, boolean fromParent, boolean percolate) {
        boolean percolated = fromParent && percolate
                && (fault.code() == FaultCode.NoInstanceAvailable || fault.code() == FaultCode.Timeout);
        if (fault.attempts().isEmpty() && !percolated) {
            return fault;
        }
        CatalogSnapshot snapshot = catalog.snapshot();
        List<NodeFault.Attempt> pathed = new ArrayList<>();
        for (NodeFault.Attempt a : fault.attempts()) {
            String below = a.path() != null ? a.path() : leaf(snapshot, a.instanceId());
            pathed.add(new NodeFault.Attempt(a.instanceId(), a.endpointAddress(), a.reason(), config.nodeName() + "/" + below));
        }
        String message = fault.getMessage() + (pathed.isEmpty() ? ""
                : "; paths " + String.join(", ", pathed.stream().map(NodeFault.Attempt::path).toList()));
        return new NodeFault(percolated ? FaultCode.Percolated : fault.code(), message, pathed);
    }

    private static String leaf(CatalogSnapshot snapshot, String instanceId) {
        return snapshot.instance(instanceId).map(i -> i.attributes().getOrDefault("name", i.id())).orElse(instanceId);
    }

    private static NodeInfo stub(ChildNode child, String state) {
        NodeInfo info = new NodeInfo();
        info.setName(child.name());
        info.setNodeId(child.nodeId() == null ? "" : child.nodeId());
        info.setAddress(child.address());
        info.setState(state);
        return info;
    }

    private static boolean reaches(NodeInfo node, String id) {
        if (id.equals(node.getNodeId())) {
            return true;
        }
        return node.getChild().stream().anyMatch(c -> reaches(c, id));
    }

    /** {@code http://host:port/sd} from the home port's address, its WSDL address, or the base itself. */
    static String baseOf(String homeAddress) {
        String address = homeAddress.trim();
        int query = address.indexOf('?');
        address = query < 0 ? address : address.substring(0, query);
        address = address.endsWith("/") ? address.substring(0, address.length() - 1) : address;
        address = address.endsWith("/services/home") ? address.substring(0, address.length() - "/services/home".length()) : address;
        URI uri;
        try {
            uri = URI.create(address);
        } catch (IllegalArgumentException e) {
            throw new NodeFault(FaultCode.BadRequest, "child node address " + homeAddress + " is not a URL", e);
        }
        if (uri.getHost() == null || !("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))) {
            throw new NodeFault(FaultCode.BadRequest, "child node address " + homeAddress + " is not an http or https URL");
        }
        return address;
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
