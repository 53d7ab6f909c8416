package org.servicedomain.node.engine.monitor;

import java.util.Set;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.RequestListener;

/**
 * Meters every call whose caller and operation are known as it ends: one metering record, and
 * the access log's line when it is on.
 */
public final class MeteringListener implements RequestListener {

    private final Metering metering;

    public MeteringListener(Metering metering) {
        this.metering = metering;
    }

    @Override
    public void ended(RequestContext call, ProviderReply reply, FaultCode fault, long nanos) {
        if (reply != null) {
            record(call, reply.instanceId(), reply.supplierLevels(), reply.status() < 300 ? "served" : "provider_fault",
                    true, nanos, reply.body().length);
            AccessLog.answered(call, reply.instanceId(), reply.status(), nanos);
        } else {
            record(call, null, Set.of(), fault.name(), false, nanos, 0);
            AccessLog.faulted(call, fault.name(), nanos);
        }
    }

    private void record(RequestContext call, String instanceId, Set<String> supplierLevels, String outcome, boolean served,
            long nanos, long replyBytes) {
        metering.record(call.caller().user(), call.caller().userLevel(), call.virtualPort().name(),
                call.operation(), instanceId, supplierLevels, outcome, served, nanos, call.body().length, replyBytes);
    }
}
