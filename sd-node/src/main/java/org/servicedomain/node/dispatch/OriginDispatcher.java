package org.servicedomain.node.dispatch;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.hierarchy.ChildNode;

/**
 * Picks the dispatcher by the instance's origin type: a child node's port ({@code sd-node}) or a
 * provider's SOAP endpoint (every other instance).
 */
public final class OriginDispatcher implements InstanceDispatcher {

    private final InstanceDispatcher provider;
    private final InstanceDispatcher childNode;

    public OriginDispatcher(InstanceDispatcher provider, InstanceDispatcher childNode) {
        this.provider = provider;
        this.childNode = childNode;
    }

    @Override
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
        boolean child = ChildNode.ORIGIN_TYPE.equals(instance.attributes().get(ChildNode.ORIGIN_ATTRIBUTE));
        return (child ? childNode : provider).dispatch(instance, request, timeout);
    }

    @Override
    public void close() {
        childNode.close();
        provider.close();
    }
}
