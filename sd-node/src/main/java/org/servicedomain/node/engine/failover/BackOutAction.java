package org.servicedomain.node.engine.failover;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.policy.BackOutRule;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.ContentCondition;
import org.servicedomain.node.policy.ContentReader;
import org.servicedomain.node.policy.RecoveryRule;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The back-out recovery action: once every attempt of a request has failed, calls the back-out
 * operation the recovery rule names on a virtual port of this node, filled with values of the
 * failed request, and publishes a {@code RECOVERY_ACTION_RUN} event saying how it went. The
 * client still gets the original fault; a failing back-out is reported, never thrown.
 */
public final class BackOutAction {

    private static final Logger LOG = LoggerFactory.getLogger(BackOutAction.class);

    private static final CompletableFuture<Void> DONE = CompletableFuture.completedFuture(null);

    private final Function<String, VirtualPort> ports;
    private final Failover failover;
    private final NodeEvents events;

    /** @param ports the virtual port of a name in the current catalog, or null */
    public BackOutAction(Function<String, VirtualPort> ports, Failover failover, NodeEvents events) {
        this.ports = ports;
        this.failover = failover;
        this.events = events;
    }

    /**
     * Runs the rule's back-out for {@code failed} when it applies: some attempt was made and the
     * operation is covered. Completes once the back-out has answered (or failed) and the event is out.
     */
    public CompletableFuture<Void> afterFailure(RequestContext failed, RecoveryRule recovery, NodeFault fault,
            CompiledPolicy current) {
        BackOutRule rule = recovery.backOut();
        if (rule == null || fault.attempts().isEmpty() || !rule.appliesTo(failed.operation())) {
            return DONE;
        }
        String port = failed.virtualPort().name();
        CompletableFuture<ProviderReply> reply;
        try {
            reply = run(rule, failed, fault, current);
        } catch (NodeFault e) {
            reply = CompletableFuture.failedFuture(e);
        }
        return reply.handle((answer, error) -> {
            String outcome;
            if (error == null) {
                outcome = answer.status() < 300 ? "answered by " + answer.instanceId()
                        : "answered with a SOAP fault (HTTP " + answer.status() + ") by " + answer.instanceId();
            } else {
                Throwable cause = Completions.cause(error);
                LOG.warn("back-out {} on {} for a failed {} on {} did not run: {}", rule.operation(), rule.virtualPort(),
                        failed.operation(), port, cause.getMessage());
                outcome = "failed: " + cause.getMessage();
            }
            events.publish(NodeEvent.Type.RECOVERY_ACTION_RUN, port, null, "back-out " + rule.operation() + " on "
                    + rule.virtualPort() + " after " + failed.operation() + " failed (" + fault.code() + "): " + outcome);
            return null;
        });
    }

    private CompletableFuture<ProviderReply> run(BackOutRule rule, RequestContext failed, NodeFault fault, CompiledPolicy current) {
        VirtualPort target = ports.apply(rule.virtualPort());
        if (target == null) {
            throw new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port named '" + rule.virtualPort() + "'");
        }
        String action = target.soapActions().get(rule.operation());
        SoapVersion version = target.soapVersion();
        byte[] body = envelope(version, rule.fill(values(rule, failed, fault))).getBytes(StandardCharsets.UTF_8);
        String contentType = version == SoapVersion.SOAP_11 ? version.mediaType() + "; charset=UTF-8"
                : version.mediaType() + "; charset=UTF-8" + (action == null ? "" : "; action=\"" + action + "\"");
        RequestContext backOut = new RequestContext(target, rule.operation(), Caller.ANONYMOUS, Map.of(),
                version == SoapVersion.SOAP_11 && action != null ? "\"" + action + "\"" : null, contentType, body);
        return failover.dispatch(backOut, current.forPort(target.name()));
    }

    private static Map<String, String> values(BackOutRule rule, RequestContext failed, NodeFault fault) {
        Map<String, String> values = new HashMap<>();
        if (!rule.values().isEmpty()) {
            List<ContentCondition> reads = new ArrayList<>();
            rule.values().forEach((name, path) -> reads.add(new ContentCondition(name, path, null, null, null)));
            values.putAll(ContentReader.read(failed.body(), reads));
        }
        values.put("operation", failed.operation());
        values.put("virtualPort", failed.virtualPort().name());
        values.put("faultCode", fault.code().name());
        return values;
    }

    private static String envelope(SoapVersion version, String payload) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><s:Envelope xmlns:s=\"" + version.envelopeNamespace()
                + "\"><s:Body>" + payload + "</s:Body></s:Envelope>";
    }
}
