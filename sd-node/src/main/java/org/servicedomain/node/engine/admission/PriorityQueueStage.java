package org.servicedomain.node.engine.admission;

import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Arrived;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PriorityClassRules;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.node.qos.PriorityFlows;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Puts the request in its priority class and lets it on when its flow's leaky bucket, the fair
 * queue and the port's dispatch permits allow; until then it waits as data. The permit is held until
 * the call ends, so the providers never hold more calls than their concurrency limits. Its deadline (the class's from arrival, cut to the
 * client's) bounds the whole call: reached in the queue it answers {@code Timeout} before any
 * provider sees the request, and after it the attempts share what is left. Without priority
 * classes in the policy it passes every request straight on. The time in the queue is the call's
 * {@code queue} step.
 */
public final class PriorityQueueStage implements Stage {

    /** The {@code queue} step's attributes: the request's class as the policy names it, and whether it was parked. */
    static final String PRIORITY_CLASS = "sd.priority.class";
    static final String WAITED = "sd.queue.waited";
    private static final String[] WORDS = Arrays.stream(PriorityClass.values())
            .map(c -> c.name().toLowerCase(Locale.ROOT)).toArray(String[]::new);

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
        PriorityClass priorityClass = verdict.priorityClass();
        RequestContext bounded = withClassDeadline(request, verdict.timeout().toNanos()).withTag(DispatchPermit.class,
                priorityClass == PriorityClass.HIGH ? DispatchPermit.HIGH : DispatchPermit.SHARED);
        FlowScheduler port = flows.of(request.virtualPort().name());
        CallTrace.Step queue = CallTrace.of(request).step("queue").with(PRIORITY_CLASS, word(priorityClass));
        CompletableFuture<Long> ticket = port.admit(priorityClass, bounded.deadline().nanoTime(), rules.queueLength());
        if (ticket.isDone() && !ticket.isCompletedExceptionally()) {
            queue.end(WAITED, false);
            return proceedHoldingPermit(chain, bounded, port, priorityClass, ticket.join());
        }
        boolean parked = !ticket.isDone();
        return ticket.whenComplete((quickest, refused) -> ended(queue, parked, refused))
                .thenCompose(quickest -> proceedHoldingPermit(chain, bounded, port, priorityClass, quickest));
    }

    /** The class as the policy names it. */
    static String word(PriorityClass priorityClass) {
        return WORDS[priorityClass.ordinal()];
    }

    /** Ends the queue step: let on after waiting or not, or refused with the queue's fault. */
    private static void ended(CallTrace.Step queue, boolean parked, Throwable refused) {
        if (refused == null) {
            queue.end(WAITED, parked);
        } else {
            Throwable cause = Completions.cause(refused);
            queue.failed(cause instanceof NodeFault fault ? fault.code().name() : FaultCode.InternalError.name(),
                    String.valueOf(cause.getMessage()));
        }
    }

    /**
     * Runs the rest of the chain, giving the port's dispatch permit back when the call ends, however
     * it ends. A call let on with less time left than the quickest instance answers in
     * ({@code quickestNanos}, as the admission saw it) is not sent: it would be cut short at a
     * provider that goes on serving it, in the place of a call that could still be answered.
     */
    private static CompletableFuture<ProviderReply> proceedHoldingPermit(Chain chain, RequestContext request,
            FlowScheduler port, PriorityClass priorityClass, long quickestNanos) {
        long start = System.nanoTime();
        long left = request.deadline().nanoTime() - start;
        if (left < quickestNanos) {
            port.tooLate(priorityClass);
            return CompletableFuture.failedFuture(new NodeFault(FaultCode.Timeout, "the request was let on from the "
                    + word(priorityClass) + " queue of virtual port '" + request.virtualPort().name() + "' with "
                    + left / 1_000_000L + " ms left, less than its quickest instance answers in; it was not sent to any provider"));
        }
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
