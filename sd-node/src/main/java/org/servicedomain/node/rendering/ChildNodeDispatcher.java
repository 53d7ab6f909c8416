package org.servicedomain.node.rendering;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.hierarchy.ChildFault;
import org.servicedomain.node.hierarchy.ContextHeader;
import org.servicedomain.node.hierarchy.HeaderInsertion;
import org.servicedomain.node.hierarchy.ParentContext;
import org.servicedomain.node.hierarchy.PercolatedFailure;

/**
 * Dispatches to a child node's virtual port (origin type {@code sd-node}): the request goes over
 * HTTP as to any provider, with the request context in a signed {@code sd:context} header, and a
 * {@code Percolated} fault coming back is a failed dispatch, so failover tries another instance.
 * Every other answer, the child's other faults included, goes back to the client.
 */
public final class ChildNodeDispatcher implements InstanceDispatcher {

    private final InstanceDispatcher http;
    private final Function<Instance, String> secretOf;

    /** @param secretOf the secret of the child an instance stands for, or null to send no context */
    public ChildNodeDispatcher(InstanceDispatcher http, Function<Instance, String> secretOf) {
        this.http = http;
        this.secretOf = secretOf;
    }

    @Override
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
        String secret = secretOf.apply(instance);
        RequestContext forwarded = secret == null ? request : request.withForwarded(request.soapAction(),
                HeaderInsertion.insert(request.body(), ContextHeader.element(ParentContext.of(request), secret, Instant.now())));
        return http.dispatch(instance, forwarded, timeout).thenApply(ChildNodeDispatcher::unlessPercolated);
    }

    private static ProviderReply unlessPercolated(ProviderReply reply) {
        if (reply.status() >= 300) {
            ChildFault fault = ChildFault.read(reply.body());
            if (fault != null && FaultCode.Percolated.name().equals(fault.code())) {
                throw new CompletionException(new DispatchException(DispatchException.Kind.PROTOCOL, false,
                        "percolated: " + fault.message(), new PercolatedFailure(fault.message(), fault.attempts())));
            }
        }
        return reply;
    }

    /** The HTTP dispatcher is shared; its owner closes it. */
    @Override
    public void close() {
        // nothing of its own to release
    }
}
