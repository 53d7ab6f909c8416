package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/**
 * Always the first candidate in registration order, for every caller alike: a primary that takes
 * all traffic, with the next ones as backups that failover reaches in order. Formerly named
 * {@value #DEPRECATED_NAME}, a word policies may still use (with a warning).
 */
public final class FirstAvailableSelector implements Selector {

    public static final String NAME = "first-available";

    /** The directive's old name, accepted with a deprecation warning; not the user's {@code fixed}. */
    public static final String DEPRECATED_NAME = "fixed-order";

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        return candidates.get(0);
    }
}
