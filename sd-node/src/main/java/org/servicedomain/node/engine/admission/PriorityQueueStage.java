package org.servicedomain.node.engine.admission;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Arrived;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PriorityClassRules;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * Puts the request in its priority class and lets it on when its flow's leaky bucket, the fair
 * queue and the port's dispatch permits allow; until then it waits as data. The permit is held until
 * the call ends, so the providers never hold more calls than their concurrency limits. Its deadline (the class's from arrival, cut to the
 * client's) bounds the whole call: reached in the queue it answers {@code Timeout} before any
 * provider sees the request, and after it the attempts share what is left. Without priority
 * classes in the policy it passes every request straight on.
 */
public final class PriorityQueueStage implements Stage {

    private final PriorityFlows flows;

    public PriorityQueueStage(PriorityFlows flows) {
        this.flows = flows;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        PriorityClassRules rules = request.tag(CompiledPolicy.class).priorityClasses();
        if (!rules.enabled()) {
            return chain.proceed(request);
        }
        PriorityClassRules.Verdict verdict = rules.classify(request);
        RequestContext bounded = withClassDeadline(request, verdict.timeout().toNanos())
                .withTag(DispatchPermit.class, DispatchPermit.HELD);
        FlowScheduler port = flows.of(request.virtualPort().name());
        PriorityClass priorityClass = verdict.priorityClass();
        CompletableFuture<Void> ticket = port.admit(priorityClass, bounded.deadline().nanoTime(), rules.queueLength());
        if (ticket.isDone() && !ticket.isCompletedExceptionally()) {
            return proceedHoldingPermit(chain, bounded, port, priorityClass);
        }
        return ticket.thenCompose(go -> proceedHoldingPermit(chain, bounded, port, priorityClass));
    }

    /** Runs the rest of the chain, giving the port's dispatch permit back when the call ends, however it ends. */
    private static CompletableFuture<ProviderReply> proceedHoldingPermit(Chain chain, RequestContext request,
            FlowScheduler port, PriorityClass priorityClass) {
        long start = System.nanoTime();
        CompletableFuture<ProviderReply> call;
        try {
            call = chain.proceed(request);
        } catch (RuntimeException e) {
            port.release(priorityClass, System.nanoTime() - start);
            throw e;
        }
        return call.whenComplete((reply, failure) -> port.release(priorityClass, System.nanoTime() - start));
    }

    /**
     * The request bounded, as a whole, by its class's deadline counted from its arrival, or by the
     * client's own when that comes first: the queue wait, every attempt and a child node's share
     * all come out of it (the failover cuts each attempt to the time left and stops when it is spent).
     */
    static RequestContext withClassDeadline(RequestContext request, long timeoutNanos) {
        Arrived arrived = request.tag(Arrived.class);
        long deadline = (arrived == null ? System.nanoTime() : arrived.nanoTime()) + timeoutNanos;
        if (request.deadline() != null && request.deadline().nanoTime() - deadline <= 0) {
            return request;
        }
        return request.withTerms(new Deadline(deadline), request.offloaded());
    }
}
