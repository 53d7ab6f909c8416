package org.servicedomain.node.engine;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.Arrived;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.LogId;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestEvents;
import org.servicedomain.node.core.Stage;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.admission.AdmissionStage;
import org.servicedomain.node.engine.admission.PriorityQueueStage;
import org.servicedomain.node.engine.admission.QuickRefusalStage;
import org.servicedomain.node.engine.decision.ContentValuesStage;
import org.servicedomain.node.engine.decision.DecisionStage;
import org.servicedomain.node.engine.envelope.EnvelopeHeadStage;
import org.servicedomain.node.engine.envelope.OperationMappingStage;
import org.servicedomain.node.engine.failover.BackOutAction;
import org.servicedomain.node.engine.failover.DispatchStage;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.offload.LoadIndex;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.engine.offload.OffloadStage;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentContextStage;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.qos.PriorityFlows;
import org.servicedomain.node.session.CallerStage;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.tracing.CallTrace;
import org.servicedomain.node.tracing.Tracing;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The stages of a request on a virtual port, listed in order in {@link #stages}, and the runner
 * that passes each request through them under one policy snapshot, kept to the end of the request
 * with its port's policy. Nothing here waits: each stage answers with a future, and the last one
 * completes when an instance has answered or every attempt has failed. The runner fires the
 * request's events on the bus: started and ended around the stages that see a known call (from
 * admission on, or a refusal a stage makes for them), finished for every request.
 */
public final class RequestChain {

    private static final Logger LOG = LoggerFactory.getLogger(RequestChain.class);

    /** What the stages work with. */
    public record Parts(SessionRegistry sessions, Hierarchy hierarchy, Offload offload, LoadIndex load, Clock clock,
            Failover failover, BackOutAction backOut, PriorityFlows flows, Tracing tracing) {
    }

    private final List<Stage> stages;
    /** The index of the first stage that sees a known call: its port, caller and operation. */
    private final int callKnownAt;
    private final Catalog catalog;
    private final ActivePolicy policy;
    private final RequestEvents events;
    private final Tracing tracing;

    public RequestChain(Catalog catalog, ActivePolicy policy, RequestEvents events, Parts parts) {
        this(catalog, policy, events, parts.tracing(), stages(parts, catalog));
    }

    /** A runner of {@code stages} rather than the node's own: how the runner itself is tested. */
    RequestChain(Catalog catalog, ActivePolicy policy, RequestEvents events, Tracing tracing, List<Stage> stages) {
        this.stages = List.copyOf(stages);
        this.callKnownAt = callKnownAt(this.stages);
        this.catalog = catalog;
        this.policy = policy;
        this.events = events;
        this.tracing = tracing;
    }

    /** Right after the operation is mapped, the call is known; a chain without that stage knows it at once. */
    private static int callKnownAt(List<Stage> stages) {
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i) instanceof OperationMappingStage) {
                return i + 1;
            }
        }
        return 0;
    }

    /** The stages of a virtual-port request, in the order a request meets them (a reply passes them backwards). */
    static List<Stage> stages(Parts p, Catalog catalog) {
        return List.of(
                new ReadBodyStage(),                          // the client's bytes, read without holding a thread
                new QuickRefusalStage(p.flows(), p.offload(), catalog::snapshot), // a full queue's refusal, unparsed
                new EnvelopeHeadStage(),                      // SOAP version, operation element, session header
                new CallerStage(p.sessions()),                // the session's user, or anonymous
                new ParentContextStage(p.hierarchy(), RequestChain::percolates), // a parent's signed context; percolation
                new OperationMappingStage(catalog::snapshot), // the operation called, if offered; mapped ones rewritten
                                                              // from here on a known call: started and ended on the bus
                new AdmissionStage(),                         // may this caller use this port and operation?
                new OffloadStage(p.offload(), p.load()),      // a less-loaded peer, or served here
                new ContentValuesStage(),                     // the payload values content rules need
                new PriorityQueueStage(p.flows()),            // priority class: leaky bucket, fair queue, deadline
                new DecisionStage(p.clock()),                 // rule, service map and directive
                new DispatchStage(p.failover(), p.backOut())); // lookup, select, render, fail over; back-out
    }

    private static boolean percolates(RequestContext request) {
        return request.tag(PortPolicy.class).recovery().percolate();
    }

    /**
     * The answer to a request: completes with the provider's reply (its own SOAP fault included),
     * or fails with a {@link NodeFault} saying why there is none. The call joins the client's trace
     * or starts one; its id is in the MDC while this method runs.
     */
    public CompletableFuture<ProviderReply> handle(Arrival arrival) {
        long arrived = System.nanoTime();
        CallTrace trace = tracing.start(arrival.traceparent(), arrival.tracestate());
        MDC.put(LogId.TRACE_MDC_KEY, trace.traceId());
        try {
            return traced(handle(arrival, arrived, trace), trace);
        } finally {
            MDC.remove(LogId.TRACE_MDC_KEY);
        }
    }

    private static CompletableFuture<ProviderReply> traced(CompletableFuture<ProviderReply> reply, CallTrace trace) {
        return reply.whenComplete((answer, error) -> {
            if (error == null) {
                trace.end(answer.status(), null);
            } else {
                trace.end(0, Completions.cause(error) instanceof NodeFault f ? f.code().name() : FaultCode.InternalError.name());
            }
        });
    }

    private CompletableFuture<ProviderReply> handle(Arrival arrival, long arrived, CallTrace trace) {
        VirtualPort port = catalog.snapshot().port(arrival.portName()).orElse(null);
        CompletableFuture<ProviderReply> reply;
        try {
            if (port == null) {
                throw new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port named '" + arrival.portName() + "'");
            }
            RequestContext request = RequestContext.arriving(port, arrival.contentType(), arrival.soapAction(),
                            RequestTerms.deadline(arrival.timeoutHeader()), arrival.hop())
                    .withTags(policy.current().bindings(port.name())
                            .tag(ArrivingBody.class, arrival.body())
                            .tag(LogId.class, new LogId(arrival.requestId(), trace.traceId()))
                            .tag(Arrived.class, new Arrived(arrived))
                            .tag(CallTrace.class, trace)
                            .tag(CallTrace.Outgoing.class, trace.outgoing()));
            reply = new RealChain(0, request).proceed(request);
        } catch (NodeFault fault) {
            reply = Completions.failed(fault);
        }
        String counted = port == null ? null : port.name();
        return reply.whenComplete((answer, error) -> events.finished(counted, answer, error == null ? null : codeOf(error)));
    }

    private static FaultCode codeOf(Throwable error) {
        return Completions.cause(error) instanceof NodeFault f ? f.code() : FaultCode.InternalError;
    }

    /** The stages from {@code index} on; a stage that fails outright is named in the log. */
    private final class RealChain implements Stage.Chain {

        private final int index;
        private final RequestContext request;

        RealChain(int index, RequestContext request) {
            this.index = index;
            this.request = request;
        }

        @Override
        public RequestContext request() {
            return request;
        }

        @Override
        public CompletableFuture<ProviderReply> proceed(RequestContext next) {
            if (index != callKnownAt) {
                return run(next);
            }
            long start = System.nanoTime();
            events.started(next);
            return run(next).whenComplete((reply, error) ->
                    events.ended(next, reply, error == null ? null : codeOf(error), System.nanoTime() - start));
        }

        @Override
        public CompletableFuture<ProviderReply> refuse(RequestContext call, NodeFault fault, long startedNanos) {
            events.started(call);
            events.ended(call, null, fault.code(), System.nanoTime() - startedNanos);
            return Completions.failed(fault);
        }

        private CompletableFuture<ProviderReply> run(RequestContext next) {
            if (index >= stages.size()) {
                throw new IllegalStateException("the last stage, " + name(stages.size() - 1) + ", has no stage to proceed to");
            }
            try {
                CompletableFuture<ProviderReply> reply = stages.get(index).process(new RealChain(index + 1, next));
                if (reply == null) {
                    throw new IllegalStateException("stage " + name(index) + " answered no future");
                }
                return reply;
            } catch (NodeFault fault) {
                return Completions.failed(fault);
            } catch (RuntimeException e) {
                LOG.error("stage {} failed on a request to virtual port {}", name(index), next.virtualPort().name(), e);
                return CompletableFuture.failedFuture(new NodeFault(FaultCode.InternalError, "the node failed in stage "
                        + name(index) + "; its log has the details", e));
            }
        }

        private String name(int i) {
            return stages.get(i).getClass().getSimpleName();
        }
    }
}
