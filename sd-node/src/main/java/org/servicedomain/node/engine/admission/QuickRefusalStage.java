package org.servicedomain.node.engine.admission;

import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.envelope.PlainEnvelope;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.policy.PriorityClassRules;
import org.servicedomain.node.qos.FlowScheduler;
import org.servicedomain.node.qos.PriorityFlows;
import org.servicedomain.node.tracing.CallTrace;

/**
 * Refuses, before the envelope is parsed, a request that its class's full queue would refuse
 * anyway ({@code Overloaded}), so that a flood of retried calls costs the node little. Only where a
 * plain look at the message ({@link PlainEnvelope}) tells as much as the stages it skips would: an
 * anonymous call of an operation the port's instances offer, on a port that needs no session, with
 * no peer to offload it to, its class decided without its payload's values. It then does for the
 * refusal what those stages would have: names the operation in the trace, ends the call's
 * {@code queue} step and counts the request in its flow; the chain's runner tells the refused
 * call's events, which meter it and count it in the port's statistics. Any other request goes on,
 * and the queue decides as before.
 */
public final class QuickRefusalStage implements Stage {

    private final PriorityFlows flows;
    private final Offload offload;
    private final Supplier<CatalogSnapshot> catalog;

    public QuickRefusalStage(PriorityFlows flows, Offload offload, Supplier<CatalogSnapshot> catalog) {
        this.flows = flows;
        this.offload = offload;
        this.catalog = catalog;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        long start = System.nanoTime();
        RequestContext request = chain.request();
        CompiledPolicy policy = request.tag(CompiledPolicy.class);
        PriorityClassRules rules = policy.priorityClasses();
        if (!rules.enabled()) {
            return chain.proceed(request);
        }
        VirtualPort virtualPort = request.virtualPort();
        FlowScheduler scheduler = flows.of(virtualPort.name());
        if (!scheduler.anyQueueFull(rules.queueLength())) {
            return chain.proceed(request);
        }
        PlainEnvelope plain = plainCall(request, policy);
        String operation = plain == null ? null : virtualPort.operationFor(plain.operationElement()).orElse(null);
        PriorityClassRules.Verdict verdict = operation == null ? null
                : rules.classifyUnread(virtualPort.name(), operation, plain::mayHoldText);
        NodeFault refused = verdict == null ? null : scheduler.refuseWhenFull(verdict.priorityClass(), rules.queueLength());
        if (refused == null) {
            return chain.proceed(request);
        }
        RequestContext named = request.withOperation(operation);
        CallTrace trace = CallTrace.of(named);
        trace.operation(virtualPort.name(), operation);
        trace.step("queue").with(PriorityQueueStage.PRIORITY_CLASS, PriorityQueueStage.word(verdict.priorityClass()))
                .failed(refused.code().name(), refused.getMessage());
        return chain.refuse(named, refused, start);
    }

    /**
     * The message, when a plain look at it tells everything the skipped stages would refuse it for:
     * a SOAP message of the port's version calling an operation its instances offer, anonymous on a
     * port that allows it, to be served here; else null.
     */
    private PlainEnvelope plainCall(RequestContext request, CompiledPolicy policy) {
        VirtualPort port = request.virtualPort();
        if (!port.soapVersion().acceptsContentType(request.contentType())
                || policy.access().needsSession(port.name(), request.tag(PortPolicy.class).anonymous())
                || offload.mayForward(request, policy)) {
            return null;
        }
        PlainEnvelope plain = PlainEnvelope.of(request.body(), port.soapVersion());
        return plain != null && catalog.get().offers(port.name(), plain.operationElement()) ? plain : null;
    }
}
