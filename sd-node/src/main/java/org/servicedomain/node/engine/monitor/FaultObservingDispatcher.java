package org.servicedomain.node.engine.monitor;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.EngineListener;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.dispatch.InstanceDispatcher;

/**
 * Tells the listener when a provider answers with its own fault (a non-2xx reply), which failover
 * passes on as an answer but the monitor counts as a failure of kind {@code soap_fault}.
 */
public final class FaultObservingDispatcher implements InstanceDispatcher {

    private final InstanceDispatcher dispatcher;
    private final EngineListener listener;

    public FaultObservingDispatcher(InstanceDispatcher dispatcher, EngineListener listener) {
        this.dispatcher = dispatcher;
        this.listener = listener;
    }

    @Override
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
        return dispatcher.dispatch(instance, request, timeout).thenApply(reply -> {
            if (reply.status() < 200 || reply.status() >= 300) {
                listener.providerFault(request, instance);
            }
            return reply;
        });
    }

    @Override
    public void close() {
        dispatcher.close();
    }
}
