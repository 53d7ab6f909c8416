package org.servicedomain.node.engine.decision;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PortPolicy;

/**
 * Decides how the request may be served: the first selection rule that matches (time window,
 * operation, levels, content) or the port's directive, within the supplier levels the caller's
 * service map allows. The decision travels on as a tag for dispatch.
 */
public final class DecisionStage implements Stage {

    private final Clock clock;

    public DecisionStage(Clock clock) {
        this.clock = clock;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        PortPolicy port = policy.forPort(request.virtualPort().name());
        ZonedDateTime now = port.readsClock() ? ZonedDateTime.now(clock.withZone(policy.timeZone())) : null;
        Decision decision = port.decide(request, now, policy.supplierLevelsFor(request.caller().userLevel()));
        return chain.proceed(request.withTag(Decision.class, decision));
    }
}
