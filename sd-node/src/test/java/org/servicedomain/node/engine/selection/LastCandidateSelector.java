package org.servicedomain.node.engine.selection;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/** A custom directive as a policy would name it: always the last candidate. */
public final class LastCandidateSelector implements Selector {

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        return candidates.get(candidates.size() - 1);
    }
}
