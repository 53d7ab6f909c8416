package org.servicedomain.node.engine.decision;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Decides how the request may be served: the first selection rule that matches (time window,
 * operation, levels, content) or the port's directive, within the supplier levels the caller's
 * service map allows. The decision travels on as a tag for dispatch, and is the call's
 * {@code decision} step, which names what was decided.
 */
public final class DecisionStage implements Stage {

    /** The step's attributes: the directive chosen, the rule that matched, the service map, the supplier levels. */
    static final String DIRECTIVE = "sd.decision.directive";
    static final String RULE = "sd.decision.rule";
    static final String SERVICE_MAP = "sd.service.map";
    static final String SUPPLIER_LEVELS = "sd.supplier.levels";

    private final Clock clock;

    public DecisionStage(Clock clock) {
        this.clock = clock;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        CallTrace.Step step = CallTrace.of(request).step("decision");
        Decision decision;
        try {
            decision = decide(request, step);
        } catch (NodeFault refused) {
            step.failed(refused.code().name(), refused.getMessage());
            throw refused;
        } catch (RuntimeException e) {
            step.failed(FaultCode.InternalError.name(), String.valueOf(e.getMessage()));
            throw e;
        }
        step.with(RULE, decision.rule()).with(SUPPLIER_LEVELS, decision.supplierLevels())
                .end(DIRECTIVE, decision.directive());
        return chain.proceed(request.withTag(Decision.class, decision));
    }

    /** The policy's decision for {@code request}; the caller's service map, when one applies, is named on {@code step}. */
    private Decision decide(RequestContext request, CallTrace.Step step) {
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        PortPolicy port = request.tag(PortPolicy.class);
        ZonedDateTime now = port.readsClock() ? ZonedDateTime.now(clock.withZone(policy.timeZone())) : null;
        String userLevel = request.caller().userLevel();
        Set<String> mapped = policy.supplierLevelsFor(userLevel);
        if (mapped != null) {
            step.with(SERVICE_MAP, userLevel);
        }
        return port.decide(request, now, mapped);
    }
}
