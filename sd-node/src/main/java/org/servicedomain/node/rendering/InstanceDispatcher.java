package org.servicedomain.node.rendering;

import java.time.Duration;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.engine.RequestContext;

/** Sends a request to one instance and brings back its answer, or says why there is none. */
public interface InstanceDispatcher extends AutoCloseable {

    ProviderReply dispatch(Instance instance, RequestContext request, Duration timeout) throws DispatchException;

    @Override
    void close();
}
