package org.servicedomain.node.dispatch;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.Function;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.hierarchy.ChildFault;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ContextHeader;
import org.servicedomain.node.hierarchy.HeaderInsertion;
import org.servicedomain.node.hierarchy.ParentContext;
import org.servicedomain.node.hierarchy.PercolatedFailure;
import org.servicedomain.node.proof.TimedSignature;

/**
 * Dispatches to a child node's virtual port (origin type {@code sd-node}): the request goes over
 * HTTP as to any provider, with the request context in a signed {@code sd:context} header, and a
 * {@code Percolated} fault coming back is a failed dispatch, so failover tries another instance.
 * Every other answer, the child's other faults included, goes back to the client.
 *
 * <p>A child's answer may stand for its whole recovery (several instances, a grandchild), so the
 * child is told in {@value Deadline#HEADER} the time this attempt has ({@link #childTime}), cuts
 * its recovery to it and answers, percolating if its policy says so; this node waits that long
 * plus {@link #GRACE} for the answer to arrive, never past the client's deadline. So the walk goes
 * on to the next child with the child's attempts named, instead of timing out on the child.
 */
public final class ChildNodeDispatcher implements InstanceDispatcher {

    /**
     * How much longer than the time a child is given this node waits for its answer: the request's
     * way down and the answer's way back, a child's first request (its classes loading), a pause.
     */
    static final Duration GRACE = Duration.ofSeconds(2);

    private final HttpInstanceDispatcher http;
    private final Function<Instance, ChildNode> childOf;

    /** @param childOf the child an instance stands for, or null; a child registered with its secret is sent the context */
    public ChildNodeDispatcher(HttpInstanceDispatcher http, Function<Instance, ChildNode> childOf) {
        this.http = http;
        this.childOf = childOf;
    }

    /** @param timeout the time this attempt has, from the recovery rule and the client's deadline */
    @Override
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
        ChildNode child = childOf.apply(instance);
        RequestContext forwarded = child == null || child.secret() == null ? request : withContext(request, instance, child);
        Duration wait = timeout.plus(GRACE);
        if (request.deadline() != null) {
            wait = request.deadline().cap(wait);
        }
        return http.dispatch(instance, forwarded, wait, Deadline.HEADER, Long.toString(childTime(wait).toMillis()))
                .thenApply(ChildNodeDispatcher::unlessPercolated);
    }

    /** The request with the signed context as its first header, its proof bound to the bytes sent beside it. */
    private static RequestContext withContext(RequestContext request, Instance instance, ChildNode child) {
        HeaderInsertion.Site site = HeaderInsertion.site(request.body());
        if (site == null) {
            return request;
        }
        return request.withForwarded(request.soapAction(), site.with(ContextHeader.element(ParentContext.of(request),
                TimedSignature.of(child.secret()), Instant.now(), portAt(instance.endpointAddress()), request.soapAction(), child.nodeId(),
                site.digestWithoutElement())));
    }

    /** The name of the child's virtual port at {@code address}: its last path segment. */
    static String portAt(String address) {
        return address.substring(address.lastIndexOf('/') + 1);
    }

    /**
     * The time a child is given when this node waits {@code wait} for its answer: {@link #GRACE}
     * less, or half of it when that is shorter, and at least a millisecond.
     */
    static Duration childTime(Duration wait) {
        Duration half = wait.dividedBy(2);
        Duration time = wait.minus(GRACE.compareTo(half) < 0 ? GRACE : half);
        return time.toMillis() < 1 ? Duration.ofMillis(1) : time;
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
