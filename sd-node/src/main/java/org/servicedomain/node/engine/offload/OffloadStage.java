package org.servicedomain.node.engine.offload;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;

/**
 * Sends the request to a less-loaded peer when offload says so; otherwise serves it here and
 * counts it in this node's load index while it is served. The call's {@code offload} step is the
 * forwarding ({@link PeerOffload} knows the peer); serving here records nothing, the common path.
 */
public final class OffloadStage implements Stage {

    private final Offload offload;
    private final LoadIndex load;

    public OffloadStage(Offload offload, LoadIndex load) {
        this.offload = offload;
        this.load = load;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        return offload.offload(request, request.tag(CompiledPolicy.class)).thenCompose(forwarded -> {
            if (forwarded != null) {
                return CompletableFuture.completedFuture(forwarded);
            }
            load.enter();
            CompletableFuture<ProviderReply> served;
            try {
                served = chain.proceed(request);
            } catch (RuntimeException e) {
                load.exit();
                throw e;
            }
            return served.whenComplete((reply, error) -> load.exit());
        });
    }
}
