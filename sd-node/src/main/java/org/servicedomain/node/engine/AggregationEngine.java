package org.servicedomain.node.engine;

import org.servicedomain.node.policy.ContentReader;

import org.servicedomain.node.core.RequestContext;

import java.time.Clock;
import java.time.ZonedDateTime;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.failover.BackOutAction;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.monitor.PortTraffic;
import org.servicedomain.node.engine.offload.LoadIndex;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.ContentCondition;
import org.servicedomain.node.policy.Decision;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.core.ProviderReply;

/**
 * Runs the stages for one request on a virtual port, in this order: take the policy snapshot
 * (kept to the end of the request), admission (may the caller use this port and operation?), read
 * the message values the rules need, decide by the rules and service maps, then failover, which
 * loops lookup, selection and rendering until an instance answers. The monitor listens throughout.
 * Between admission and the rest, offload may send the request to a peer node instead; a request
 * served here counts in the node's load index; when failover gives up, the back-out action runs.
 */
public final class AggregationEngine {

    private final ActivePolicy policy;
    private final Failover failover;
    private final Clock clock;
    private final PortTraffic traffic;
    private final BackOutAction backOut;
    private final Offload offload;
    private final LoadIndex load;

    public AggregationEngine(ActivePolicy policy, Failover failover, Clock clock) {
        this(policy, failover, clock, PortTraffic.NONE, null, Offload.NEVER, new LoadIndex());
    }

    /**
     * @param traffic hears each request as it enters and leaves the engine (the monitor's per-port figures)
     * @param backOut the back-out action run when failover gives up, or null for none
     * @param offload decides whether a new request goes to a peer node instead
     * @param load counts the requests this node serves itself (its load index)
     */
    public AggregationEngine(ActivePolicy policy, Failover failover, Clock clock, PortTraffic traffic,
            BackOutAction backOut, Offload offload, LoadIndex load) {
        this.policy = policy;
        this.failover = failover;
        this.clock = clock;
        this.traffic = traffic;
        this.backOut = backOut;
        this.offload = offload;
        this.load = load;
    }

    /** The provider's answer, or a {@link org.servicedomain.node.core.NodeFault} saying why there is none. */
    public ProviderReply handle(RequestContext request) {
        return handle(request, policy.current());
    }

    /** As {@link #handle(RequestContext)}, under a policy snapshot the caller already took (and used). */
    public ProviderReply handle(RequestContext request, CompiledPolicy current) {
        String port = request.virtualPort().name();
        long start = System.nanoTime();
        traffic.requestStarted(port);
        boolean answered = false;
        try {
            ProviderReply reply = run(request, current, port);
            answered = true;
            return reply;
        } finally {
            traffic.requestEnded(port, System.nanoTime() - start, answered);
        }
    }

    private ProviderReply run(RequestContext request, CompiledPolicy current, String port) {
        PortPolicy portPolicy = current.forPort(port);
        current.access().check(port, request.operation(), request.caller(), portPolicy.anonymous());
        ProviderReply forwarded = offload.offload(request, current);
        if (forwarded != null) {
            return forwarded;
        }
        load.enter();
        try {
            return serve(request, current, portPolicy);
        } finally {
            load.exit();
        }
    }

    private ProviderReply serve(RequestContext request, CompiledPolicy current, PortPolicy portPolicy) {
        List<ContentCondition> needed = portPolicy.contentConditionsFor(request.operation());
        RequestContext readied = needed.isEmpty() || carries(request, needed) ? request
                : request.withContentValues(carried(ContentReader.read(request.body(), needed), request));
        ZonedDateTime now = portPolicy.readsClock() ? ZonedDateTime.now(clock.withZone(current.timeZone())) : null;
        Decision decision = portPolicy.decide(readied, now, current.supplierLevelsFor(readied.caller().userLevel()));
        try {
            return failover.dispatch(readied, decision, portPolicy.recovery());
        } catch (NodeFault fault) {
            if (backOut != null) {
                backOut.afterFailure(readied, portPolicy.recovery(), fault, current);
            }
            throw fault;
        }
    }

    /** Whether the request already carries every value the rules need (a parent node read them). */
    private static boolean carries(RequestContext request, List<ContentCondition> needed) {
        for (ContentCondition c : needed) {
            if (!request.contentValues().containsKey(c.name())) {
                return false;
            }
        }
        return true;
    }

    private static Map<String, String> carried(Map<String, String> read, RequestContext request) {
        if (request.contentValues().isEmpty()) {
            return read;
        }
        Map<String, String> values = new HashMap<>(read);
        values.putAll(request.contentValues());
        return values;
    }
}
