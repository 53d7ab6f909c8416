package org.servicedomain.node.engine.admission;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Lets a request in only when the policy's packages grant its caller's user level the port and
 * operation (and the port allows anonymous calls, for a caller without a session). The check is
 * the call's {@code admission} step, which says whether the request was admitted or refused.
 */
public final class AdmissionStage implements Stage {

    /** The step's attribute: {@value #ADMITTED} or {@value #REFUSED}. */
    static final String OUTCOME = "sd.admission";
    static final String ADMITTED = "admitted";
    static final String REFUSED = "refused";

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        String port = request.virtualPort().name();
        CallTrace.Step admission = CallTrace.of(request).step("admission");
        try {
            policy.access().check(port, request.operation(), request.caller(), request.tag(PortPolicy.class).anonymous());
        } catch (NodeFault refused) {
            admission.with(OUTCOME, REFUSED).failed(refused.code().name(), refused.getMessage());
            throw refused;
        }
        admission.end(OUTCOME, ADMITTED);
        return chain.proceed(request);
    }
}
