package org.servicedomain.node.engine.admission;

import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.lookup.Lookup;

/**
 * Offers a request that holds a dispatch permit only the instances below their concurrency limit,
 * so that the port's permits (the sum of the limits) reach each instance as its own limit allows
 * whichever directive selects. One always has room while the permits hold; should none have,
 * every candidate is offered, as without the priority classes.
 */
public final class WithinLimitsLookup implements Lookup {

    private final Lookup lookup;
    private final Predicate<Instance> atLimit;

    public WithinLimitsLookup(Lookup lookup, InstanceLimits limits) {
        this.lookup = lookup;
        this.atLimit = instance -> !limits.hasRoom(instance.id());
    }

    @Override
    public List<Instance> candidates(RequestContext request) {
        return withRoom(request, lookup.candidates(request));
    }

    @Override
    public List<Instance> candidates(RequestContext request, Set<String> supplierLevels) {
        return withRoom(request, lookup.candidates(request, supplierLevels));
    }

    private List<Instance> withRoom(RequestContext request, List<Instance> candidates) {
        if (request.tag(DispatchPermit.class) == null) {
            return candidates;
        }
        return Lookup.excludingUnlessAll(candidates, atLimit);
    }
}
