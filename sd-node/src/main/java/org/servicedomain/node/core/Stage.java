package org.servicedomain.node.core;

import java.util.concurrent.CompletableFuture;

/**
 * One step of a request on a virtual port, in the order {@code engine.RequestChain} writes down.
 * A stage reads the chain's request, may refuse it (a failed future holding a {@link NodeFault}),
 * answer it itself, or pass a changed request on with {@link Chain#proceed}; it never blocks a
 * thread while waiting for a client, a provider or a peer.
 */
@FunctionalInterface
public interface Stage {

    /** The reply to {@code chain.request()}, when it is there. */
    CompletableFuture<ProviderReply> process(Chain chain);

    /** The rest of the stages, from one stage's point of view. */
    interface Chain {

        /** The request as the stages before this one left it. */
        RequestContext request();

        /** Runs the following stages on {@code request}. */
        CompletableFuture<ProviderReply> proceed(RequestContext request);

        /**
         * Refuses {@code call}, whose port, caller and operation are known, for the later stages that
         * would have refused it: the runner tells it started at {@code startedNanos} ({@link System#nanoTime()})
         * and ended with {@code fault}, as if it had been refused there. Only for a stage before the
         * call is known (after that, the runner already tells its end). Without a runner, only the refusal.
         */
        default CompletableFuture<ProviderReply> refuse(RequestContext call, NodeFault fault, long startedNanos) {
            return Completions.failed(fault);
        }
    }
}
