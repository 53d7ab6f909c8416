package org.servicedomain.node.catalog;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.node.core.VirtualPort;
import org.w3c.dom.Document;

/** Builds a catalog snapshot from what a store holds, rebuilding each virtual port from its cached WSDL. */
final class SnapshotLoader {

    private SnapshotLoader() {
    }

    /** The WSDL of a port that placed port types join, reading their WSDLs from {@code store}'s cache. */
    static UnionWsdl unionWsdl(CatalogStore store) {
        return new PlacedOperationsWsdl(digest -> cachedWsdl(store, digest));
    }

    private static Document cachedWsdl(CatalogStore store, String digest) {
        try {
            return new ServiceDescriptionParser().parse(store.loadWsdl(digest), "cached WSDL " + digest).document();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The catalog in {@code store}; ports unchanged since {@code previous} (null: none) are kept, not parsed again. */
    static CatalogSnapshot loaded(CatalogStore store, CatalogSnapshot previous, UnionWsdl unionWsdl) throws IOException {
        CatalogStore.StoredCatalog stored = store.load();
        ServiceDescriptionParser parser = new ServiceDescriptionParser();
        List<VirtualPort> ports = new ArrayList<>();
        Map<String, List<PlacedPortType>> placedTypes = new LinkedHashMap<>();
        for (CatalogStore.StoredPort p : stored.ports()) {
            placedTypes.put(p.name(), p.placed());
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
        return CatalogSnapshot.of(ports, stored.instances(), placedTypes, unionWsdl);
    }

    /** The virtual port {@code name} whose contract is {@code binding} of the WSDL cached under {@code digest}. */
    static VirtualPort virtualPort(String name, ServiceDescription description, PortTypeBinding binding, String digest) {
        return new VirtualPort(name, binding.portType(), binding.soapVersion(), digest, binding.binding(),
                VirtualWsdl.template(description, binding, name), binding.operationsByElement(), binding.soapActions(),
                RequestShapes.of(description.document(), binding.operationsByElement()));
    }
}
