package org.servicedomain.node.engine.selection;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.engine.monitor.InstanceLoad;

/**
 * Picks the candidate with the shortest queue of requests in flight, so a slow or busy instance
 * gets less new work. Equally busy candidates take turns, so an idle pool is not all sent to the first.
 */
public final class LeastOutstandingSelector implements Selector {

    public static final String NAME = "least-outstanding";

    private final InstanceLoad load;
    private final Rotation ties = new Rotation();

    public LeastOutstandingSelector(InstanceLoad load) {
        this.load = load;
    }

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        List<Instance> least = new ArrayList<>(candidates.size());
        int fewest = Integer.MAX_VALUE;
        for (Instance candidate : candidates) {
            int outstanding = load.outstanding(candidate.id());
            if (outstanding < fewest) {
                fewest = outstanding;
                least.clear();
            }
            if (outstanding == fewest) {
                least.add(candidate);
            }
        }
        return ties.pick(least);
    }
}
