package org.servicedomain.node.engine.admission;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;

/**
 * Lets a request in only when the policy's packages grant its caller's user level the port and
 * operation (and the port allows anonymous calls, for a caller without a session).
 */
public final class AdmissionStage implements Stage {

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        String port = request.virtualPort().name();
        policy.access().check(port, request.operation(), request.caller(), policy.forPort(port).anonymous());
        return chain.proceed(request);
    }
}
