package org.servicedomain.node.catalog;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;

/**
 * Where the catalog lives between restarts. Every save is atomic and durable before it returns:
 * the node acknowledges a change only after its save.
 */
public interface CatalogStore {

    /**
     * What is kept of a virtual port; the rest is rebuilt from the cached WSDL.
     *
     * @param placed the port types the policy places into the port, as their latest instances were filed
     */
    record StoredPort(String name, QName portType, QName binding, String wsdlDigest, List<PlacedPortType> placed) {

        public StoredPort {
            placed = placed == null ? List.of() : List.copyOf(placed);
        }

        /** A port no port type is placed into. */
        public StoredPort(String name, QName portType, QName binding, String wsdlDigest) {
            this(name, portType, binding, wsdlDigest, List.of());
        }
    }

    /** What {@link #load()} finds: ports and instances, in registration order. */
    record StoredCatalog(List<StoredPort> ports, List<Instance> instances) {
    }

    /**
     * Thrown by {@link #save} of a shared store when another member changed the catalog since this
     * node last loaded it; the caller reloads and makes its change again.
     */
    final class StaleCatalogException extends IOException {
        private static final long serialVersionUID = 1L;

        public StaleCatalogException() {
            super("the catalog was changed by another member");
        }
    }

    StoredCatalog load() throws IOException;

    /** Saves the whole catalog; a shared store throws {@link StaleCatalogException} when it was changed elsewhere since {@link #load()}. */
    void save(StoredCatalog catalog) throws IOException;

    /**
     * Saves the change from {@code before} (what the node's snapshot holds) to {@code after}. A shared
     * store writes only what differs between the two, so a change another member made, which the
     * node has not taken in yet, is never undone; it throws {@link StaleCatalogException} when what
     * the change touches differs from {@code before} in the store.
     */
    default void save(StoredCatalog before, StoredCatalog after) throws IOException {
        save(after);
    }

    /** Asks to hear each change made elsewhere (by another member); a store of one node never calls it. */
    default void onChange(Runnable listener) {
    }

    /** Keeps a WSDL under its digest, so a restarted node needs no provider to be reachable. */
    void saveWsdl(String digest, byte[] wsdl) throws IOException;

    byte[] loadWsdl(String digest) throws IOException;

    /** Deletes the cached WSDLs whose digest is not in {@code kept}. */
    default void deleteWsdlsExcept(Set<String> kept) throws IOException {
    }
}
