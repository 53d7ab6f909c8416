package org.servicedomain.node.catalog;

import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.VirtualPort;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Holds the catalog's current snapshot and publishes each change: serialised, saved durably, then
 * swapped in, so readers never lock. A change another member of the cluster made first is taken
 * in and the change made again; instances and ports that leave are announced to the listeners.
 */
final class SnapshotPublisher {

    private static final Logger LOG = LoggerFactory.getLogger(SnapshotPublisher.class);
    /** The attempts a change makes when other members keep changing the catalog under it. */
    private static final int MAX_ATTEMPTS = 10;

    private final CatalogStore store;
    private final UnionWsdl unionWsdl;
    private final Object changeLock = new Object();
    private final List<Consumer<Instance>> unregisterListeners = new CopyOnWriteArrayList<>();
    private final List<Consumer<String>> portRemovalListeners = new CopyOnWriteArrayList<>();
    private volatile CatalogSnapshot snapshot;

    /** The store refused a save because another member changed the catalog first. */
    private static final class Stale extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Stale() {
            super(null, null, false, false);
        }
    }

    SnapshotPublisher(CatalogStore store, UnionWsdl unionWsdl, CatalogSnapshot first) {
        this.store = store;
        this.unionWsdl = unionWsdl;
        this.snapshot = first;
        deleteUnreferencedWsdls(first);
    }

    CatalogSnapshot current() {
        return snapshot;
    }

    /**
     * Runs {@code change} under the change lock; it reads {@link #current()} and {@link #publish}es.
     * When another member changed the catalog first, catches up and runs it again.
     */
    <T> T change(Supplier<T> change) {
        for (int attempt = 1; ; attempt++) {
            try {
                synchronized (changeLock) {
                    return change.get();
                }
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

    /** Keeps {@code wsdl} under {@code digest} before the change that refers to it is published. */
    void saveWsdl(String digest, byte[] wsdl) {
        try {
            store.saveWsdl(digest, wsdl);
        } catch (IOException e) {
            throw storageFailure(e);
        }
    }

    /** Saves {@code next} durably, then makes it the current snapshot; only inside {@link #change}. */
    void publish(CatalogSnapshot next) {
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

    /**
     * Takes in the catalog as the store now holds it: a change another member made. Instances and
     * ports that left are announced as if they had left here.
     */
    void catchUp() {
        CatalogSnapshot previous;
        CatalogSnapshot next;
        synchronized (changeLock) {
            previous = snapshot;
            try {
                next = SnapshotLoader.loaded(store, previous, unionWsdl);
            } catch (IOException | RuntimeException e) {
                LOG.error("could not take in the catalog another member changed; serving the one loaded before", e);
                return;
            }
            snapshot = next;
        }
        announce(previous.instances().stream().filter(gone -> next.instance(gone.id()).isEmpty()).toList(),
                previous.ports().stream().map(VirtualPort::name).filter(gone -> next.port(gone).isEmpty()).toList());
    }

    /** Tells the listeners that {@code instances}, then {@code ports}, have left the catalog. */
    void announce(List<Instance> instances, List<String> ports) {
        instances.forEach(instance -> unregisterListeners.forEach(listener -> listener.accept(instance)));
        ports.forEach(port -> portRemovalListeners.forEach(listener -> listener.accept(port)));
    }

    void onUnregister(Consumer<Instance> listener) {
        unregisterListeners.add(listener);
    }

    void onPortRemoved(Consumer<String> listener) {
        portRemovalListeners.add(listener);
    }

    private static CatalogStore.StoredCatalog stored(CatalogSnapshot snapshot) {
        List<CatalogStore.StoredPort> ports = snapshot.ports().stream()
                .map(p -> new CatalogStore.StoredPort(p.name(), p.portType(), p.binding(), p.wsdlDigest(),
                        snapshot.placedTypesOf(p.name())))
                .toList();
        return new CatalogStore.StoredCatalog(ports, List.copyOf(snapshot.instances()));
    }

    /** Deletes the cached WSDLs the current snapshot does not refer to; only inside {@link #change}. */
    void dropUnreferencedWsdls() {
        deleteUnreferencedWsdls(snapshot);
    }

    private void deleteUnreferencedWsdls(CatalogSnapshot current) {
        try {
            store.deleteWsdlsExcept(wsdlDigests(current));
        } catch (IOException e) {
            LOG.warn("could not delete cached WSDLs no instance uses; trying again with the next change", e);
        }
    }

    /** The cached WSDLs {@code snapshot} refers to: its ports', its instances' and its placed port types'. */
    private static Set<String> wsdlDigests(CatalogSnapshot snapshot) {
        Set<String> digests = new HashSet<>();
        snapshot.ports().forEach(p -> {
            digests.add(p.wsdlDigest());
            snapshot.placedTypesOf(p.name()).forEach(t -> digests.add(t.wsdlDigest()));
        });
        snapshot.instances().forEach(i -> {
            if (i.wsdlDigest() != null) {
                digests.add(i.wsdlDigest());
            }
        });
        return digests;
    }

    static NodeFault storageFailure(IOException e) {
        LOG.error("could not save the catalog; the change was not made", e);
        return new NodeFault(FaultCode.InternalError, "the node could not save its catalog: " + e.getMessage(), e);
    }
}
