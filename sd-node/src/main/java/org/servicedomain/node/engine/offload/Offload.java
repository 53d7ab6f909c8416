package org.servicedomain.node.engine.offload;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.policy.CompiledPolicy;

/** The offload stage: sends a new request to a peer node instead of serving it here, when it should. */
@FunctionalInterface
public interface Offload {

    /** The header a node puts on a request it forwards to a peer; a request carrying it is never forwarded again. */
    String HOP_HEADER = "X-SD-Hop";

    /** Never forwards: every request is served here. */
    Offload NEVER = new Offload() {
        @Override
        public CompletableFuture<ProviderReply> offload(RequestContext request, CompiledPolicy current) {
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public boolean mayForward(RequestContext request, CompiledPolicy current) {
            return false;
        }
    };

    /** Completes with the peer's answer when the request went to a peer, or with null to serve it here. */
    CompletableFuture<ProviderReply> offload(RequestContext request, CompiledPolicy current);

    /** Whether {@link #offload} might send this request to a peer; false only when it surely serves it here. */
    default boolean mayForward(RequestContext request, CompiledPolicy current) {
        return true;
    }
}
