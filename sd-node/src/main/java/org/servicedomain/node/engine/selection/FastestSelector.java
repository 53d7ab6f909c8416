package org.servicedomain.node.engine.selection;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.engine.monitor.InstanceLoad;

/**
 * Picks the candidate with the lowest recent response time. Candidates that have not answered yet
 * go first, so every instance gets measured; equally fast candidates take turns.
 */
public final class FastestSelector implements Selector {

    public static final String NAME = "fastest";

    private final InstanceLoad load;
    private final Rotation ties = new Rotation();

    public FastestSelector(InstanceLoad load) {
        this.load = load;
    }

    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        List<Instance> fastest = new ArrayList<>(candidates.size());
        double lowest = Double.POSITIVE_INFINITY;
        boolean unmeasuredSeen = false;
        for (Instance candidate : candidates) {
            double latency = load.recentLatencyMs(candidate.id());
            if (Double.isNaN(latency)) {
                if (!unmeasuredSeen) {
                    unmeasuredSeen = true;
                    fastest.clear();
                }
                fastest.add(candidate);
            } else if (!unmeasuredSeen && latency <= lowest) {
                if (latency < lowest) {
                    lowest = latency;
                    fastest.clear();
                }
                fastest.add(candidate);
            }
        }
        return ties.pick(fastest);
    }
}
