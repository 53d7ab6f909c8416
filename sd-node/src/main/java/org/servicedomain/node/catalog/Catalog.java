package org.servicedomain.node.catalog;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.core.VirtualPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

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

    private final SnapshotPublisher publisher;
    private final PlacementMoves placements;
    private final RegistrationFiling filing;

    private Catalog(SnapshotPublisher publisher, RegistrationFiling filing, PlacementMoves placements) {
        this.publisher = publisher;
        this.filing = filing;
        this.placements = placements;
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
        UnionWsdl unionWsdl = SnapshotLoader.unionWsdl(store);
        CatalogSnapshot snapshot = SnapshotLoader.loaded(store, null, unionWsdl);
        LOG.info("catalog opened: {} virtual ports, {} instances", snapshot.ports().size(), snapshot.instances().size());
        SnapshotPublisher publisher = new SnapshotPublisher(store, unionWsdl, snapshot);
        PlacementMoves placements = new PlacementMoves(publisher);
        Catalog catalog = new Catalog(publisher,
                new RegistrationFiling(wsdlSource, endpointCheck, limits, publisher, placements), placements);
        store.onChange(catalog::catchUp);
        return catalog;
    }

    /**
     * Takes in the catalog as the store now holds it: a change another member of the cluster made.
     * Instances and ports that left are announced to the listeners as if unregistered here.
     */
    public void catchUp() {
        publisher.catchUp();
    }

    public CatalogSnapshot snapshot() {
        return publisher.current();
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
        return filing.register(request, claim);
    }

    /**
     * Whether {@code portType} may be placed into virtual port {@code virtualPort}, as far as the
     * catalog can tell now: the port exists and has another port type; a port the port type already
     * has speaks the same SOAP version and shares an operation with it. Throws saying why not.
     */
    public void checkPlacement(QName portType, String virtualPort) {
        checkPlacement(portType, virtualPort, Map.of(portType, virtualPort));
    }

    /**
     * As {@link #checkPlacement(QName, String)}, beside the policy's other {@code placements}: a port that
     * takes placed port types may not be placed itself, so that placements never chain.
     */
    public void checkPlacement(QName portType, String virtualPort, Map<QName, String> placements) {
        this.placements.checkPlacement(portType, virtualPort, placements);
    }

    /**
     * Takes in the active policy's placements: later registrations of a placed port type join its
     * virtual port, and the instances of a placed port type that has a virtual port of its own move
     * into the placed port, which goes, all in one change. A port that can no longer be moved (its
     * SOAP version or operations do not fit) stays where it is, with a warning. A port keeps the
     * operations a placed port type has on top of its own while the placement stands, and forgets them
     * (those no instance left implements) in the same change once the placement is taken out.
     */
    public void place(Map<QName, String> newPlacements) {
        List<String> emptied = placements.place(newPlacements);
        emptied.forEach(name -> LOG.info("moved the instances of virtual port {} into the port its port type is"
                + " placed into; {} is gone", name, name));
        publisher.announce(List.of(), emptied);
    }

    public Instance unregister(String instanceId) {
        Instance instance = publisher.change(() -> {
            CatalogSnapshot current = publisher.current();
            Instance gone = require(current, instanceId);
            publisher.publish(current.withoutInstance(instanceId));
            return gone;
        });
        LOG.info("unregistered instance {} from virtual port {}", instanceId, instance.virtualPort());
        publisher.announce(List.of(instance), List.of());
        return instance;
    }

    /**
     * Removes the virtual port {@code name} and every instance behind it in one change (one durable
     * write, or one transaction of the cluster's store); returns the instances removed. An unknown
     * name is an {@code UnknownVirtualPort} fault.
     */
    public List<Instance> removePort(String name) {
        List<Instance> removed = publisher.change(() -> {
            CatalogSnapshot current = publisher.current();
            current.port(name).orElseThrow(() ->
                    new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port is named " + name));
            List<Instance> gone = List.copyOf(current.instancesOf(name));
            CatalogSnapshot next = current;
            for (Instance instance : gone) {
                next = next.withoutInstance(instance.id());
            }
            publisher.publish(next.withoutPort(name));
            return gone;
        });
        LOG.info("removed virtual port {} and its {} instances", name, removed.size());
        publisher.announce(removed, List.of(name));
        return removed;
    }

    /**
     * Removes the virtual port {@code name} when no instance is left behind it (a port that a
     * child node no longer offers); returns whether it was removed.
     */
    public boolean removePortIfEmpty(String name) {
        boolean removed = publisher.change(() -> {
            CatalogSnapshot current = publisher.current();
            if (current.port(name).isEmpty() || !current.instancesOf(name).isEmpty()) {
                return false;
            }
            publisher.publish(current.withoutPort(name));
            return true;
        });
        if (removed) {
            LOG.info("removed virtual port {}: no instance is left behind it", name);
            publisher.announce(List.of(), List.of(name));
        }
        return removed;
    }

    /** Hears the name of each virtual port once it has left the catalog. */
    public void onPortRemoved(Consumer<String> listener) {
        publisher.onPortRemoved(listener);
    }

    /** Hears each instance once it has left the catalog, so per-instance state elsewhere can go too. */
    public void onUnregister(Consumer<Instance> listener) {
        publisher.onUnregister(listener);
    }

    public Instance update(String instanceId, InstanceUpdate update) {
        return publisher.change(() -> {
            CatalogSnapshot current = publisher.current();
            Instance updated = updated(require(current, instanceId), update);
            publisher.publish(current.withInstance(updated));
            return updated;
        });
    }

    private static Instance updated(Instance instance, InstanceUpdate update) {
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
        return instance;
    }

    private static Instance require(CatalogSnapshot snapshot, String instanceId) {
        return snapshot.instance(instanceId).orElseThrow(() ->
                new NodeFault(FaultCode.UnknownInstance, "no instance has id " + instanceId));
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
}
