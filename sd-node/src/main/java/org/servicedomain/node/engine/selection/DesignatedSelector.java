package org.servicedomain.node.engine.selection;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/**
 * Sends a user's requests only to the providers designated for that user (e.g. the banks where the
 * user holds accounts), matched against an instance attribute; those take turns. A caller with no
 * designated provider among the candidates, anonymous callers included, has no eligible instance.
 */
public final class DesignatedSelector implements Selector {

    public static final String NAME = "designated";

    /** The instance attribute matched against the caller's designated providers when the policy names none. */
    public static final String DEFAULT_ATTRIBUTE = "provider";

    private final String attribute;
    private final Rotation designated = new Rotation();

    public DesignatedSelector(String attribute) {
        this.attribute = attribute == null ? DEFAULT_ATTRIBUTE : attribute;
    }

    @Override
    public List<Instance> eligible(List<Instance> candidates, RequestContext request) {
        List<String> providers = request.caller().designated();
        if (providers.isEmpty()) {
            return List.of();
        }
        List<Instance> eligible = new ArrayList<>(candidates.size());
        for (Instance candidate : candidates) {
            String provider = candidate.attributes().get(attribute);
            if (provider != null && providers.contains(provider)) {
                eligible.add(candidate);
            }
        }
        return eligible;
    }

    /**
     * Picks in turn among the eligible candidates. Filters again, so it never returns an instance
     * that was not designated even if the engine skipped {@link #eligible}.
     */
    @Override
    public Instance select(List<Instance> candidates, RequestContext request) {
        List<Instance> eligible = eligible(candidates, request);
        if (eligible.isEmpty()) {
            throw noneDesignated(request);
        }
        return designated.pick(eligible);
    }

    private NodeFault noneDesignated(RequestContext request) {
        Caller caller = request.caller();
        String who = caller.isAnonymous() ? "an anonymous caller" : "user " + caller.user();
        return new NodeFault(FaultCode.NoInstanceAvailable, "no instance of virtual port "
                + request.virtualPort().name() + " is a provider designated for " + who
                + " (by instance attribute '" + attribute + "')");
    }
}
