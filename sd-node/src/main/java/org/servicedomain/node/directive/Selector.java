package org.servicedomain.node.directive;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * A selection directive: picks the instance that serves a request. One selector serves one virtual
 * port under one policy, so it may keep state for that port; it must be safe for concurrent calls.
 */
public interface Selector {

    /**
     * The candidates this directive may choose from at all; empty means none of them may serve the
     * request. The engine calls this before {@link #select} and passes only what it returns there.
     * By default every candidate is eligible.
     */
    default List<Instance> eligible(List<Instance> candidates, RequestContext request) {
        return candidates;
    }

    /**
     * Picks one of {@code candidates}: never empty, all operational, in registration order, none
     * of them already tried for this request.
     */
    Instance select(List<Instance> candidates, RequestContext request);
}
