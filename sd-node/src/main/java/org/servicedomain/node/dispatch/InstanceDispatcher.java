package org.servicedomain.node.dispatch;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;

/**
 * Sends a request to one instance and brings back its answer, without holding a thread while the
 * instance works: the future completes with the reply, or fails with a {@link DispatchException}
 * saying why there is none.
 */
public interface InstanceDispatcher extends AutoCloseable {

    CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout);

    @Override
    void close();
}
