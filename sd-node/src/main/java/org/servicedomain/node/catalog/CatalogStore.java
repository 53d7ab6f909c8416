package org.servicedomain.node.catalog;

import java.io.IOException;
import java.util.List;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.Instance;

/**
 * Where the catalog lives between restarts. Every save is atomic and durable before it returns:
 * the node acknowledges a change only after its save.
 */
public interface CatalogStore {

    /** What is kept of a virtual port; the rest is rebuilt from the cached WSDL. */
    record StoredPort(String name, QName portType, QName binding, String wsdlDigest) {
    }

    /** What {@link #load()} finds: ports and instances, in registration order. */
    record StoredCatalog(List<StoredPort> ports, List<Instance> instances) {
    }

    StoredCatalog load() throws IOException;

    void save(StoredCatalog catalog) throws IOException;

    /** Keeps a WSDL under its digest, so a restarted node needs no provider to be reachable. */
    void saveWsdl(String digest, byte[] wsdl) throws IOException;

    byte[] loadWsdl(String digest) throws IOException;

    /** Deletes the cached WSDLs whose digest is not in {@code kept}. */
    default void deleteWsdlsExcept(java.util.Set<String> kept) throws IOException {
    }
}
