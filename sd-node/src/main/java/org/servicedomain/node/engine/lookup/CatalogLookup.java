package org.servicedomain.node.engine.lookup;

import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Predicate;
import javax.xml.namespace.QName;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * The operational instances of the request's virtual port in the current catalog snapshot that
 * implement the operation it calls (its {@link CalledOperation} tag), without those health has ejected — unless every one is ejected, when all are offered again
 * (trying a doubtful instance beats refusing every request).
 */
public final class CatalogLookup implements Lookup {

    private final Catalog catalog;
    private final Predicate<Instance> ejected;
    private final BooleanSupplier anyEjected;

    public CatalogLookup(Catalog catalog) {
        this(catalog, id -> false, () -> false);
    }

    /**
     * @param ejected whether health has ejected the instance with this id
     * @param anyEjected whether health has ejected any instance at all; while none is, the port's
     *     operational instances are offered as the snapshot holds them, whatever their number
     */
    public CatalogLookup(Catalog catalog, Predicate<String> ejected, BooleanSupplier anyEjected) {
        this.catalog = catalog;
        this.ejected = instance -> ejected.test(instance.id());
        this.anyEjected = anyEjected;
    }

    /** While no instance is ejected, the snapshot's own list of the levels: nothing is copied or scanned. */
    @Override
    public List<Instance> candidates(RequestContext request, Set<String> supplierLevels) {
        if (!anyEjected.getAsBoolean()) {
            return catalog.snapshot().operationalInstancesOf(request.virtualPort().name(), supplierLevels,
                    requestElement(request));
        }
        return Lookup.super.candidates(request, supplierLevels);
    }

    @Override
    public List<Instance> candidates(RequestContext request) {
        List<Instance> operational = catalog.snapshot().operationalInstancesOf(request.virtualPort().name(), null,
                requestElement(request));
        if (!anyEjected.getAsBoolean()) {
            return operational;
        }
        return Lookup.excludingUnlessAll(operational, ejected);
    }

    /** The request element of the operation the request calls; null (any operation) before operation mapping. */
    private static QName requestElement(RequestContext request) {
        CalledOperation called = request.tag(CalledOperation.class);
        return called == null ? null : called.requestElement();
    }
}
