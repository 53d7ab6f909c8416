package org.servicedomain.node.rendering;

import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;

import java.time.Duration;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/** Sends a request to one instance and brings back its answer, or says why there is none. */
public interface InstanceDispatcher extends AutoCloseable {

    ProviderReply dispatch(Instance instance, RequestContext request, Duration timeout) throws DispatchException;

    @Override
    void close();
}
