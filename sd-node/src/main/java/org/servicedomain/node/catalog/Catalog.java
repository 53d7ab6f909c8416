package org.servicedomain.node.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.core.VirtualPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.w3c.dom.Document;

/**
 * The node's service catalog: virtual ports and the instances behind them. Readers take
 * {@link #snapshot()} without locking; changes are serialised, saved durably, then published.
 */
public final class Catalog {

    private static final Logger LOG = LoggerFactory.getLogger(Catalog.class);

    /** One filed instance and the virtual port it joined. */
    public record Registered(Instance instance, VirtualPort port) {
    }

    /**
     * Changes to an instance; null fields stay as they are. Attribute changes are merged: a name
     * sets or replaces its value, an empty value removes the attribute. Supplier levels, when given,
     * replace the instance's (an empty set: it belongs to none).
     */
    public record InstanceUpdate(InstanceState state, Long timeoutMs, Map<String, String> attributeChanges,
            String stateData, Set<String> supplierLevels) {

        /** Changes that leave the state data and the levels as they are. */
        public InstanceUpdate(InstanceState state, Long timeoutMs, Map<String, String> attributeChanges) {
            this(state, timeoutMs, attributeChanges, null, null);
        }
    }

    private final CatalogStore store;
    private final WsdlSource wsdlSource;
    private final EndpointCheck endpointCheck;
    private final StateLimits limits;
    private final List<Consumer<String>> portRemovalListeners = new CopyOnWriteArrayList<>();
    private final ServiceDescriptionParser parser = new ServiceDescriptionParser();
    private final Object changeLock = new Object();
    private final UnionWsdl unionWsdl;
    private volatile CatalogSnapshot snapshot;
    /** Port type to the virtual port the active policy places it into. */
    private volatile Map<QName, String> placements = Map.of();
    private final List<Consumer<Instance>> unregisterListeners = new CopyOnWriteArrayList<>();

    private Catalog(CatalogStore store, WsdlSource wsdlSource, EndpointCheck endpointCheck, StateLimits limits,
            CatalogSnapshot snapshot, UnionWsdl unionWsdl) {
        this.unionWsdl = unionWsdl;
        this.store = store;
        this.limits = limits;
        this.endpointCheck = endpointCheck;
        this.wsdlSource = wsdlSource;
        this.snapshot = snapshot;
    }

    /** Opens the catalog kept in {@code store}, rebuilding each virtual port from its cached WSDL. */
    public static Catalog open(CatalogStore store, WsdlSource wsdlSource) throws IOException {
        return open(store, wsdlSource, EndpointCheck.ANY);
    }

    /** As {@link #open(CatalogStore, WsdlSource)}, refusing registrations whose endpoint {@code endpointCheck} refuses. */
    public static Catalog open(CatalogStore store, WsdlSource wsdlSource, EndpointCheck endpointCheck) throws IOException {
        return open(store, wsdlSource, endpointCheck, StateLimits.DEFAULT);
    }

    /** As {@link #open(CatalogStore, WsdlSource, EndpointCheck)}, holding at most what {@code limits} allow. */
    public static Catalog open(CatalogStore store, WsdlSource wsdlSource, EndpointCheck endpointCheck,
            StateLimits limits) throws IOException {
        UnionWsdl unionWsdl = new PlacedOperationsWsdl(digest -> cachedWsdl(store, digest));
        CatalogSnapshot snapshot = loaded(store, null, unionWsdl);
        LOG.info("catalog opened: {} virtual ports, {} instances", snapshot.ports().size(), snapshot.instances().size());
        Catalog catalog = new Catalog(store, wsdlSource, endpointCheck, limits, snapshot, unionWsdl);
        catalog.deleteUnreferencedWsdls(snapshot);
        store.onChange(catalog::catchUp);
        return catalog;
    }

    /** The parsed WSDL cached under {@code digest}, for the union WSDL of a port placed port types join. */
    private static Document cachedWsdl(CatalogStore store, String digest) {
        try {
            return new ServiceDescriptionParser().parse(store.loadWsdl(digest), "cached WSDL " + digest).document();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The catalog in {@code store}; ports unchanged since {@code previous} are kept, not parsed again. */
    private static CatalogSnapshot loaded(CatalogStore store, CatalogSnapshot previous, UnionWsdl unionWsdl)
            throws IOException {
        CatalogStore.StoredCatalog stored = store.load();
        ServiceDescriptionParser parser = new ServiceDescriptionParser();
        List<VirtualPort> ports = new ArrayList<>();
        for (CatalogStore.StoredPort p : stored.ports()) {
            VirtualPort known = previous == null ? null : previous.filedPort(p.name()).orElse(null);
            if (known != null && known.wsdlDigest().equals(p.wsdlDigest()) && known.binding().equals(p.binding())) {
                ports.add(known);
                continue;
            }
            byte[] wsdl = store.loadWsdl(p.wsdlDigest());
            ServiceDescription description = parser.parse(wsdl, "cached WSDL " + p.wsdlDigest());
            PortTypeBinding binding = description.bindings().stream()
                    .filter(b -> b.binding().equals(p.binding())).findFirst()
                    .orElseThrow(() -> new IOException("cached WSDL " + p.wsdlDigest() + " lacks binding " + p.binding()));
            ports.add(virtualPort(p.name(), description, binding, p.wsdlDigest()));
        }
        return CatalogSnapshot.of(ports, stored.instances(), unionWsdl);
    }

    /**
     * Takes in the catalog as the store now holds it: a change another member of the cluster made.
     * Instances and ports that left are announced to the listeners as if unregistered here.
     */
    public void catchUp() {
        CatalogSnapshot previous;
        CatalogSnapshot next;
        synchronized (changeLock) {
            previous = snapshot;
            try {
                next = loaded(store, previous, unionWsdl);
            } catch (IOException | RuntimeException e) {
                LOG.error("could not take in the catalog another member changed; serving the one loaded before", e);
                return;
            }
            snapshot = next;
        }
        for (Instance gone : previous.instances()) {
            if (next.instance(gone.id()).isEmpty()) {
                unregisterListeners.forEach(listener -> listener.accept(gone));
            }
        }
        for (VirtualPort gone : previous.ports()) {
            if (next.port(gone.name()).isEmpty()) {
                portRemovalListeners.forEach(listener -> listener.accept(gone.name()));
            }
        }
    }

    /** The attempts a change makes when other members keep changing the catalog under it. */
    private static final int MAX_ATTEMPTS = 10;

    /** The store refused a save because another member changed the catalog first. */
    private static final class Stale extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stale() {
            super(null, null, false, false);
        }
    }

    /** Runs {@code change}; when another member changed the catalog first, catches up and runs it again. */
    private <T> T afterCatchingUp(java.util.function.Supplier<T> change) {
        for (int attempt = 1; ; attempt++) {
            try {
                return change.get();
            } catch (Stale stale) {
                LOG.info("the catalog was changed by another member; catching up and trying again");
                catchUp();
                if (attempt == MAX_ATTEMPTS) {
                    throw new NodeFault(FaultCode.InternalError,
                            "the catalog could not be changed: other members kept changing it; try again");
                }
            }
        }
    }

    public CatalogSnapshot snapshot() {
        return snapshot;
    }

    /**
     * Files one instance per port type the request names (or the WSDL binds), creating virtual
     * ports as needed. Registering the same endpoint for the same port type again updates that
     * instance instead of adding a twin. Returns only after the change is durable.
     */
    public List<Registered> register(RegistrationRequest request) {
        return register(request, RegistrationClaim.ANYONE);
    }

    /**
     * As {@link #register(RegistrationRequest)}, asking {@code claim} about every instance the
     * registration resolves to, under the change lock, before anything is filed: a claim that throws
     * leaves the catalog as it was.
     */
    public List<Registered> register(RegistrationRequest request, RegistrationClaim claim) {
        byte[] wsdl;
        ServiceDescription description;
        try {
            wsdl = wsdlSource.fetch(request.wsdlLocation());
            description = parser.parse(wsdl, request.wsdlLocation());
        } catch (NodeFault fault) {
            if (fault.code() != FaultCode.WsdlUnreadable) {
                throw fault;
            }
            LOG.info("registration refused: {}{}", LogText.of(fault.getMessage()),
                    fault.getCause() == null ? "" : " (" + LogText.of(String.valueOf(fault.getCause())) + ")");
            String location = WsdlLocations.withoutCredentials(request.wsdlLocation());
            throw new UnreadableWsdl(location, fault.getMessage(), fault);
        }
        String digest = sha256(wsdl);
        List<QName> portTypes = request.portType() != null ? List.of(request.portType()) : description.boundPortTypes();
        checkEndpoints(request, description, portTypes);
        return afterCatchingUp(() -> file(request, claim, wsdl, description, digest, portTypes));
    }

    private List<Registered> file(RegistrationRequest request, RegistrationClaim claim, byte[] wsdl,
            ServiceDescription description, String digest, List<QName> portTypes) {
        synchronized (changeLock) {
            try {
                store.saveWsdl(digest, wsdl); // first: the union WSDL of a port a placed port type joins reads it
            } catch (IOException e) {
                throw storageFailure(e);
            }
            CatalogSnapshot next = snapshot;
            List<Registered> registered = new ArrayList<>();
            for (QName portType : portTypes) {
                VirtualPort port = placedPort(next, portType);
                if (port == null) {
                    port = next.portFor(portType).orElse(null);
                }
                SoapVersion preferred = port != null ? port.soapVersion() : null;
                PortTypeBinding binding = description.bindingFor(portType, preferred).orElseThrow(() ->
                        new NodeFault(FaultCode.WsdlUnreadable, "WSDL at " + request.wsdlLocation()
                                + " has no SOAP binding of port type " + portType));
                if (port == null) {
                    if (next.ports().size() >= limits.maxVirtualPorts()) {
                        throw new NodeFault(FaultCode.BadRequest, "the node holds its maximum of "
                                + limits.maxVirtualPorts() + " virtual ports; unregister some first");
                    }
                    port = virtualPort(uniqueName(next, portType), description, binding, digest);
                    next = next.withPort(port);
                } else if (port.soapVersion() != binding.soapVersion()) {
                    throw new NodeFault(FaultCode.BadRequest, "virtual port " + port.name() + " speaks SOAP "
                            + port.soapVersion().label() + " but " + request.wsdlLocation() + " binds " + portType
                            + " only with SOAP " + binding.soapVersion().label());
                }
                if (!port.portType().equals(portType)) {
                    requireOverlap(port, binding.portType(), binding.operationsByElement(), request.wsdlLocation());
                }
                Instance instance = instanceFor(next, request, port, binding, digest, claim);
                if (next.instance(instance.id()).isEmpty() && next.instances().size() >= limits.maxInstances()) {
                    throw new NodeFault(FaultCode.BadRequest, "the node holds its maximum of "
                            + limits.maxInstances() + " instances; unregister some first");
                }
                next = next.withInstance(instance);
                registered.add(new Registered(instance, port));
            }
            publish(next);
            registered.forEach(r -> LOG.info("registered instance {} at {} on virtual port {}",
                    r.instance().id(), LogText.of(r.instance().endpointAddress()), r.port().name()));
            return registered;
        }
    }

    /** The virtual port the active policy places {@code portType} into, when the catalog has it; else null. */
    private VirtualPort placedPort(CatalogSnapshot current, QName portType) {
        String name = placements.get(portType);
        return name == null ? null : current.filedPort(name).orElse(null);
    }

    /** Refuses a placement into {@code port} of a port type whose operations share none of the port's. */
    private static void requireOverlap(VirtualPort port, QName portType, Map<QName, String> operations, String from) {
        Map<QName, QName> shared = PlacedInstance.between(port, operations, Map.of()).elements();
        if (shared.isEmpty()) {
            throw new NodeFault(FaultCode.BadRequest, "port type " + portType + (from == null ? "" : " of " + from)
                    + " is placed into virtual port " + port.name() + " but shares none of its operations "
                    + new TreeSet<>(port.operationsByElement().values())
                    + " (an operation is shared when its request element has the same local name)");
        }
    }

    /**
     * Whether {@code portType} may be placed into virtual port {@code virtualPort}, as far as the
     * catalog can tell now: the port exists and has another port type; a port the port type already
     * has speaks the same SOAP version and shares an operation with it. Throws saying why not.
     */
    public void checkPlacement(QName portType, String virtualPort) {
        CatalogSnapshot current = snapshot;
        VirtualPort target = current.filedPort(virtualPort).orElseThrow(() ->
                new IllegalArgumentException("no virtual port is named " + virtualPort));
        if (target.portType().equals(portType)) {
            throw new IllegalArgumentException("port type " + portType + " is virtual port " + virtualPort
                    + "'s own; only another port type can be placed into it");
        }
        VirtualPort own = current.portFor(portType).orElse(null);
        if (own == null) {
            return;
        }
        if (own.soapVersion() != target.soapVersion()) {
            throw new IllegalArgumentException("virtual port " + virtualPort + " speaks SOAP " + target.soapVersion().label()
                    + " but port type " + portType + " (virtual port " + own.name() + ") speaks SOAP "
                    + own.soapVersion().label());
        }
        try {
            requireOverlap(target, portType, own.operationsByElement(), null);
        } catch (NodeFault refused) {
            throw new IllegalArgumentException(refused.getMessage(), refused);
        }
    }

    /**
     * Takes in the active policy's placements: later registrations of a placed port type join its
     * virtual port, and the instances of a placed port type that has a virtual port of its own move
     * into the placed port, which goes, all in one change. A port that can no longer be moved (its
     * SOAP version or operations do not fit) stays where it is, with a warning.
     */
    public void place(Map<QName, String> newPlacements) {
        placements = Map.copyOf(newPlacements);
        List<String> emptied = afterCatchingUp(() -> {
            synchronized (changeLock) {
                CatalogSnapshot next = snapshot;
                List<String> moved = new ArrayList<>();
                for (Map.Entry<QName, String> placement : placements.entrySet()) {
                    VirtualPort own = next.portFor(placement.getKey()).orElse(null);
                    if (own == null || own.name().equals(placement.getValue())) {
                        continue;
                    }
                    try {
                        checkPlacement(placement.getKey(), placement.getValue());
                    } catch (IllegalArgumentException refused) {
                        LOG.warn("virtual port {} stays: {}", own.name(), refused.getMessage());
                        continue;
                    }
                    for (Instance instance : next.instancesOf(own.name())) {
                        next = next.withInstance(instance.movedTo(placement.getValue(), own.operationsByElement(), own.soapActions()));
                    }
                    next = next.withoutPort(own.name());
                    moved.add(own.name());
                }
                if (!moved.isEmpty()) {
                    publish(next);
                }
                return moved;
            }
        });
        for (String name : emptied) {
            LOG.info("moved the instances of virtual port {} into the port its port type is placed into; {} is gone",
                    name, name);
            portRemovalListeners.forEach(listener -> listener.accept(name));
        }
    }

    /** Checks, outside the change lock (it may ask DNS), every endpoint the registration could file. */
    private void checkEndpoints(RegistrationRequest request, ServiceDescription description, List<QName> portTypes) {
        if (request.endpointAddress() != null) {
            endpointCheck.check(request.endpointAddress());
            return;
        }
        description.bindings().stream()
                .filter(b -> portTypes.contains(b.portType()) && b.endpointAddress() != null)
                .forEach(b -> endpointCheck.check(b.endpointAddress()));
    }

    public Instance unregister(String instanceId) {
        Instance instance = afterCatchingUp(() -> {
            synchronized (changeLock) {
                Instance gone = require(snapshot, instanceId);
                publish(snapshot.withoutInstance(instanceId));
                return gone;
            }
        });
        LOG.info("unregistered instance {} from virtual port {}", instanceId, instance.virtualPort());
        unregisterListeners.forEach(listener -> listener.accept(instance));
        return instance;
    }

    /**
     * Removes the virtual port {@code name} and every instance behind it in one change (one durable
     * write, or one transaction of the cluster's store); returns the instances removed. An unknown
     * name is an {@code UnknownVirtualPort} fault.
     */
    public List<Instance> removePort(String name) {
        List<Instance> removed = afterCatchingUp(() -> {
            synchronized (changeLock) {
                snapshot.port(name).orElseThrow(() ->
                        new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port is named " + name));
                List<Instance> gone = List.copyOf(snapshot.instancesOf(name));
                CatalogSnapshot next = snapshot;
                for (Instance instance : gone) {
                    next = next.withoutInstance(instance.id());
                }
                publish(next.withoutPort(name));
                return gone;
            }
        });
        LOG.info("removed virtual port {} and its {} instances", name, removed.size());
        removed.forEach(instance -> unregisterListeners.forEach(listener -> listener.accept(instance)));
        portRemovalListeners.forEach(listener -> listener.accept(name));
        return removed;
    }

    /**
     * Removes the virtual port {@code name} when no instance is left behind it (a port that a
     * child node no longer offers); returns whether it was removed.
     */
    public boolean removePortIfEmpty(String name) {
        boolean removed = afterCatchingUp(() -> {
            synchronized (changeLock) {
                if (snapshot.port(name).isEmpty() || !snapshot.instancesOf(name).isEmpty()) {
                    return false;
                }
                publish(snapshot.withoutPort(name));
                return true;
            }
        });
        if (!removed) {
            return false;
        }
        LOG.info("removed virtual port {}: no instance is left behind it", name);
        portRemovalListeners.forEach(listener -> listener.accept(name));
        return true;
    }

    /** Hears the name of each virtual port once it has left the catalog. */
    public void onPortRemoved(Consumer<String> listener) {
        portRemovalListeners.add(listener);
    }

    /** Hears each instance once it has left the catalog, so per-instance state elsewhere can go too. */
    public void onUnregister(Consumer<Instance> listener) {
        unregisterListeners.add(listener);
    }

    public Instance update(String instanceId, InstanceUpdate update) {
        return afterCatchingUp(() -> updateOnce(instanceId, update));
    }

    private Instance updateOnce(String instanceId, InstanceUpdate update) {
        synchronized (changeLock) {
            Instance instance = require(snapshot, instanceId);
            if (update.state() != null) {
                instance = instance.withState(update.state());
            }
            if (update.timeoutMs() != null) {
                instance = instance.withTimeoutMs(positiveTimeout(update.timeoutMs()));
            }
            if (update.attributeChanges() != null) {
                Map<String, String> merged = new HashMap<>(instance.attributes());
                update.attributeChanges().forEach((name, value) -> {
                    if (value.isEmpty()) {
                        merged.remove(name);
                    } else {
                        merged.put(name, value);
                    }
                });
                instance = instance.withAttributes(merged);
            }
            if (update.stateData() != null) {
                instance = instance.withStateData(update.stateData());
            }
            if (update.supplierLevels() != null) {
                instance = instance.withSupplierLevels(update.supplierLevels());
            }
            publish(snapshot.withInstance(instance));
            return instance;
        }
    }

    private void publish(CatalogSnapshot next) {
        try {
            store.save(stored(snapshot), stored(next));
        } catch (CatalogStore.StaleCatalogException e) {
            throw new Stale();
        } catch (IOException e) {
            throw storageFailure(e);
        }
        CatalogSnapshot previous = snapshot;
        snapshot = next;
        if (!wsdlDigests(next).containsAll(wsdlDigests(previous))) {
            deleteUnreferencedWsdls(next);
        }
    }

    private static CatalogStore.StoredCatalog stored(CatalogSnapshot snapshot) {
        List<CatalogStore.StoredPort> ports = snapshot.ports().stream()
                .map(p -> new CatalogStore.StoredPort(p.name(), p.portType(), p.binding(), p.wsdlDigest()))
                .toList();
        return new CatalogStore.StoredCatalog(ports, List.copyOf(snapshot.instances()));
    }

    private void deleteUnreferencedWsdls(CatalogSnapshot current) {
        try {
            store.deleteWsdlsExcept(wsdlDigests(current));
        } catch (IOException e) {
            LOG.warn("could not delete cached WSDLs no instance uses; trying again with the next change", e);
        }
    }

    private static java.util.Set<String> wsdlDigests(CatalogSnapshot snapshot) {
        java.util.Set<String> digests = new java.util.HashSet<>();
        snapshot.ports().forEach(p -> digests.add(p.wsdlDigest()));
        snapshot.instances().forEach(i -> {
            if (i.wsdlDigest() != null) {
                digests.add(i.wsdlDigest());
            }
        });
        return digests;
    }

    private static NodeFault storageFailure(IOException e) {
        LOG.error("could not save the catalog; the change was not made", e);
        return new NodeFault(FaultCode.InternalError, "the node could not save its catalog: " + e.getMessage(), e);
    }

    private static Instance require(CatalogSnapshot snapshot, String instanceId) {
        return snapshot.instance(instanceId).orElseThrow(() ->
                new NodeFault(FaultCode.UnknownInstance, "no instance has id " + instanceId));
    }

    private static Instance instanceFor(CatalogSnapshot current, RegistrationRequest request, VirtualPort port,
            PortTypeBinding binding, String digest, RegistrationClaim claim) {
        String endpoint = request.endpointAddress() != null ? request.endpointAddress() : binding.endpointAddress();
        if (endpoint == null || endpoint.isBlank()) {
            throw new NodeFault(FaultCode.WsdlUnreadable, "WSDL at " + request.wsdlLocation()
                    + " gives no soap:address for binding " + binding.binding() + "; pass endpointAddress");
        }
        requireHttpUrl(endpoint);
        Long timeout = request.timeoutMs() == null ? null : positiveTimeout(request.timeoutMs());
        String sameEndpoint = EndpointKey.of(endpoint);
        for (Instance existing : current.instancesOf(port.name())) {
            if (EndpointKey.of(existing.endpointAddress()).equals(sameEndpoint)) {
                Map<String, String> attributes = withWsdlService(claim.attributes(existing, request.attributes()), binding);
                return new Instance(existing.id(), port.name(), binding.portType(), endpoint, request.wsdlLocation(),
                        digest, claim.supplierLevels(existing, request.supplierLevels()), timeout, attributes, existing.state(),
                        existing.stateData(), binding.operationsByElement(), placedActions(port, binding));
            }
        }
        Map<String, String> attributes = withWsdlService(claim.attributes(null, request.attributes()), binding);
        String id;
        do {
            id = port.name() + "-" + UUID.randomUUID().toString().substring(0, 8);
        } while (current.instance(id).isPresent());
        return new Instance(id, port.name(), binding.portType(), endpoint, request.wsdlLocation(), digest,
                claim.supplierLevels(null, request.supplierLevels()), timeout, attributes, InstanceState.OPERATIONAL, null,
                binding.operationsByElement(), placedActions(port, binding));
    }

    /** The binding's SOAPActions, which an instance placed into another port type's virtual port needs; else none. */
    private static Map<String, String> placedActions(VirtualPort port, PortTypeBinding binding) {
        return port.portType().equals(binding.portType()) ? null : binding.soapActions();
    }

    /**
     * {@code attributes} with the local name of the binding's WSDL service (the provider's own name for
     * its service, e.g. {@code BlastBlueService}) as {@link InstanceName#WSDL_SERVICE}, when the WSDL
     * names one, so an instance given no name is shown by it.
     */
    private static Map<String, String> withWsdlService(Map<String, String> attributes, PortTypeBinding binding) {
        if (binding.serviceName() == null || binding.serviceName().getLocalPart().isBlank()) {
            return attributes;
        }
        Map<String, String> filed = new HashMap<>(attributes);
        filed.put(InstanceName.WSDL_SERVICE, binding.serviceName().getLocalPart());
        return filed;
    }

    private static void requireHttpUrl(String endpoint) {
        try {
            URI uri = URI.create(endpoint);
            if (("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme()))
                    && uri.getHost() != null) {
                return;
            }
        } catch (IllegalArgumentException e) {
            LOG.debug("endpoint {} is not a URI", endpoint, e);
        }
        throw new NodeFault(FaultCode.BadRequest, "endpoint address " + endpoint + " is not an http or https URL");
    }

    /** The longest dispatch timeout an instance may have, the same bound the policy has. */
    static final long MAX_TIMEOUT_MS = 3_600_000;

    /** {@code timeoutMs} if it is a dispatch timeout an instance may have; else a {@code BadRequest} naming the bounds. */
    public static long positiveTimeout(long timeoutMs) {
        if (timeoutMs <= 0 || timeoutMs > MAX_TIMEOUT_MS) {
            throw new NodeFault(FaultCode.BadRequest, "timeoutMs must be between 1 and " + MAX_TIMEOUT_MS
                    + " but was " + timeoutMs);
        }
        return timeoutMs;
    }

    private static String uniqueName(CatalogSnapshot snapshot, QName portType) {
        String base = portType.getLocalPart();
        String name = base;
        for (int n = 2; snapshot.port(name).isPresent(); n++) {
            name = base + n;
        }
        return name;
    }

    private static VirtualPort virtualPort(String name, ServiceDescription description, PortTypeBinding binding,
            String digest) {
        return new VirtualPort(name, binding.portType(), binding.soapVersion(), digest, binding.binding(),
                VirtualWsdl.template(description, binding, name), binding.operationsByElement(), binding.soapActions(),
                RequestShapes.of(description.document(), binding.operationsByElement()));
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks SHA-256", e);
        }
    }
}
