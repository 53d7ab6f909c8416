package org.servicedomain.it.policy;

import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/** A "legacy" selection logic plugged in as a custom directive: always the newest-registered candidate. */
public final class LastCandidateSelector implements Selector {

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        return candidates.get(candidates.size() - 1);
    }
}
