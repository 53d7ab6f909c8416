package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.engine.RequestContext;

/**
 * A selection directive: picks the instance that serves a request. One selector serves one virtual
 * port under one policy, so it may keep state for that port; it must be safe for concurrent calls.
 */
public interface Selector {

    /**
     * Picks one of {@code candidates}: never empty, all operational, in registration order, none
     * of them already tried for this request.
     */
    Instance select(List<Instance> candidates, RequestContext request);
}
