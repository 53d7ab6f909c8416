package org.servicedomain.node.engine.monitor;

import java.util.Set;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.Stage;

/**
 * Meters every request whose caller and operation are known, as its reply or fault goes back:
 * one metering record, the port's in-flight count and response time for the statistics, and
 * the access log's line when it is on.
 */
public final class MeteringStage implements Stage {

    private final Metering metering;
    private final PortTraffic traffic;

    public MeteringStage(Metering metering, PortTraffic traffic) {
        this.metering = metering;
        this.traffic = traffic;
    }

    @Override
    public CompletableFuture<ProviderReply> process(Chain chain) {
        RequestContext request = chain.request();
        String port = request.virtualPort().name();
        long start = System.nanoTime();
        traffic.requestStarted(port);
        return chain.proceed(request).whenComplete((reply, error) -> {
            long nanos = System.nanoTime() - start;
            traffic.requestEnded(port, nanos, error == null);
            if (error == null) {
                record(request, reply.instanceId(), reply.supplierLevels(), reply.status() < 300 ? "served" : "provider_fault",
                        true, nanos, reply.body().length);
                AccessLog.answered(request, reply.instanceId(), reply.status(), nanos);
            } else {
                faulted(request, Completions.cause(error) instanceof NodeFault fault ? fault.code() : FaultCode.InternalError, nanos);
            }
        });
    }

    /**
     * Meters a request refused before it reached this stage as if it had passed it: counted in the
     * port's statistics, one metering record, the access log's line. Its caller and operation must be known.
     */
    public void refusedBefore(RequestContext request, FaultCode code, long nanos) {
        String port = request.virtualPort().name();
        traffic.requestStarted(port);
        traffic.requestEnded(port, nanos, false);
        faulted(request, code, nanos);
    }

    private void faulted(RequestContext request, FaultCode code, long nanos) {
        record(request, null, Set.of(), code.name(), false, nanos, 0);
        AccessLog.faulted(request, code.name(), nanos);
    }

    private void record(RequestContext request, String instanceId, Set<String> supplierLevels, String outcome, boolean served,
            long nanos, long replyBytes) {
        metering.record(request.caller().user(), request.caller().userLevel(), request.virtualPort().name(),
                request.operation(), instanceId, supplierLevels, outcome, served, nanos, request.body().length, replyBytes);
    }
}
