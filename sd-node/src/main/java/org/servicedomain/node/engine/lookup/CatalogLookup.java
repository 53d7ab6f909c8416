package org.servicedomain.node.engine.lookup;

import java.util.List;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.engine.RequestContext;

/**
 * The operational instances of the request's virtual port in the current catalog snapshot, so an
 * instance unregistered or taken down is not chosen from the next lookup on.
 */
public final class CatalogLookup implements Lookup {

    private final Catalog catalog;

    public CatalogLookup(Catalog catalog) {
        this.catalog = catalog;
    }

    @Override
    public List<Instance> candidates(RequestContext request) {
        return catalog.snapshot().operationalInstancesOf(request.virtualPort().name());
    }
}
