package org.servicedomain.node.engine.failover;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.Composition;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.policy.RecoveryRule;

/**
 * The last stage: dispatches under the decision with failover (or, for an operation the port
 * composes, to several instances at once), and when every attempt failed,
 * runs the port's back-out action before the fault goes back.
 */
public final class DispatchStage implements Stage {

    private final Failover failover;
    private final BackOutAction backOut;

    public DispatchStage(Failover failover, BackOutAction backOut) {
        this.failover = failover;
        this.backOut = backOut;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        PortPolicy port = request.tag(PortPolicy.class);
        RecoveryRule recovery = port.recovery();
        Decision decision = request.tag(Decision.class);
        Optional<Composition> composition = port.composition(request.operation());
        CompletableFuture<ProviderReply> answer = composition.isEmpty() ? failover.dispatch(request, decision, recovery)
                : failover.compose(request, decision, recovery, composition.get());
        return answer.exceptionallyCompose(error -> {
            if (!(Completions.cause(error) instanceof NodeFault fault)) {
                return CompletableFuture.failedFuture(error);
            }
            return backOut.afterFailure(request, recovery, fault, policy)
                    .thenCompose(ignored -> CompletableFuture.failedFuture(fault));
        });
    }
}
