package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/** Hands requests to the candidates in turn, so each operational instance gets an equal share. */
public final class RoundRobinSelector implements Selector {

    public static final String NAME = "round-robin";

    private final Rotation rotation = new Rotation();

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        return rotation.pick(candidates);
    }
}
