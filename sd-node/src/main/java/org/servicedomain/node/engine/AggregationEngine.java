package org.servicedomain.node.engine;

import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.rendering.ProviderReply;

/**
 * Runs the stages for one request on a virtual port, in this order: take the policy snapshot,
 * then failover, which loops lookup, selection and rendering until an instance answers.
 * Admission and offload join here in later issues; the monitor listens to every dispatch.
 */
public final class AggregationEngine {

    private final ActivePolicy policy;
    private final Failover failover;

    public AggregationEngine(ActivePolicy policy, Failover failover) {
        this.policy = policy;
        this.failover = failover;
    }

    /** The provider's answer, or a {@link org.servicedomain.node.NodeFault} saying why there is none. */
    public ProviderReply handle(RequestContext request) {
        PortPolicy portPolicy = policy.current().forPort(request.virtualPort().name());
        return failover.dispatch(request, portPolicy);
    }
}
