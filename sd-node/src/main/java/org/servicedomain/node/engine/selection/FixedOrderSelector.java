package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * Always the first candidate in registration order: a primary that takes all traffic, with the
 * next ones as backups that failover reaches in order.
 */
public final class FixedOrderSelector implements Selector {

    public static final String NAME = "fixed-order";

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        return candidates.get(0);
    }
}
