package org.servicedomain.node.engine.admission;

import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PriorityClassRules;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * Puts the request in its priority class and lets it on when its flow's leaky bucket and the fair
 * queue allow; until then it waits as data, and its deadline (the class's, cut to the client's)
 * answers {@code Timeout} before any provider sees it. Without priority classes in the policy it
 * passes every request straight on.
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
        long deadline = System.nanoTime() + verdict.timeout().toNanos();
        if (request.deadline() != null && request.deadline().nanoTime() - deadline < 0) {
            deadline = request.deadline().nanoTime();
        }
        CompletableFuture<Void> ticket = flows.of(request.virtualPort().name())
                .admit(verdict.priorityClass(), deadline, rules.queueLength());
        if (ticket.isDone() && !ticket.isCompletedExceptionally()) {
            return chain.proceed(request);
        }
        return ticket.thenCompose(go -> chain.proceed(request));
    }
}
