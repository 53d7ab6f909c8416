package org.servicedomain.node.engine.offload;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PeerSettings;
import org.servicedomain.node.policy.PortPolicy;
import org.servicedomain.node.policy.RecoveryRule;
import org.servicedomain.node.tracing.CallTrace;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Offloads by load index: while this node's index is above the policy's threshold, a new request
 * goes to the least-loaded peer that serves its port type and is less loaded than this node. On a
 * member of a cluster a new request also goes to the least-loaded member whose index is lower than
 * this one's by more than the policy's placement margin, threshold or not (docs/cluster.md,
 * Placement). A request in a session stays (its transaction history is here), and a request a peer
 * already forwarded is never forwarded again, so two saturated nodes never bounce requests between them.
 * A forwarded request is the call's {@code offload} step, naming the peer and how it ended; a request
 * served here has none.
 */
public final class PeerOffload implements Offload {

    private static final Logger LOG = LoggerFactory.getLogger(PeerOffload.class);

    /** The {@code offload} step's attributes: the peer's home-port address, and how the forwarding ended. */
    static final String PEER = "sd.offload.peer";
    static final String OUTCOME = "sd.offload.outcome";
    static final String ANSWERED = "answered";
    static final String SERVED_HERE = "served-here";
    static final String REFUSED = "refused";
    static final String STATUS_CODE = "http.response.status_code";

    private final LoadIndex load;
    private final PeerLoads peers;
    private final PeerForwarder forwarder;
    private final NodeEvents events;
    private static final CompletableFuture<ProviderReply> HERE = CompletableFuture.completedFuture(null);

    private final AtomicBoolean offloading = new AtomicBoolean();
    private final boolean placesOnMembers;

    public PeerOffload(LoadIndex load, PeerLoads peers, PeerForwarder forwarder, NodeEvents events) {
        this(load, peers, forwarder, events, false);
    }

    /** @param placesOnMembers whether the peers are a cluster's members, so the placement margin applies */
    public PeerOffload(LoadIndex load, PeerLoads peers, PeerForwarder forwarder, NodeEvents events, boolean placesOnMembers) {
        this.placesOnMembers = placesOnMembers;
        this.load = load;
        this.peers = peers;
        this.forwarder = forwarder;
        this.events = events;
    }

    @Override
    public boolean mayForward(RequestContext request, CompiledPolicy current) {
        return (current.peers().offloadThreshold() != null || placesOnMembers) && !request.offloaded() && request.sessionId() == null;
    }

    @Override
    public CompletableFuture<ProviderReply> offload(RequestContext request, CompiledPolicy current) {
        if (!mayForward(request, current)) {
            return HERE;
        }
        PeerSettings settings = current.peers();
        double local = load.index(settings.capacity());
        PeerLoad placed = placesOnMembers ? leastLoaded(peers.fresh(), request, local - settings.placementMargin()) : null;
        if (placed != null) {
            return forward(placed, request, request.tag(PortPolicy.class).recovery(), local);
        }
        if (settings.offloadThreshold() == null || local <= settings.offloadThreshold()) {
            if (offloading.compareAndSet(true, false)) {
                events.publish(NodeEvent.Type.OFFLOAD_STOPPED, null, null, "load index " + local
                        + (settings.offloadThreshold() == null ? "" : " is back at or below " + settings.offloadThreshold())
                        + (placesOnMembers ? " and no member is lower by more than " + settings.placementMargin() : "")
                        + ": serving new requests here");
            }
            return HERE;
        }
        PeerLoad target = leastLoaded(peers.fresh(), request, local);
        if (target == null) {
            return HERE;
        }
        return forward(target, request, request.tag(PortPolicy.class).recovery(), local);
    }

    /** The least-loaded candidate serving the request's port type with a load index below {@code below}. */
    private static PeerLoad leastLoaded(List<PeerLoad> candidates, RequestContext request, double below) {
        PeerLoad best = null;
        for (PeerLoad peer : candidates) {
            if (peer.report().loadIndex() < below && peer.portOf(request.virtualPort().portType()).isPresent()
                    && (best == null || peer.report().loadIndex() < best.report().loadIndex())) {
                best = peer;
            }
        }
        return best;
    }

    private CompletableFuture<ProviderReply> forward(PeerLoad peer, RequestContext request, RecoveryRule recovery,
            double local) {
        String port = peer.portOf(request.virtualPort().portType()).orElseThrow().name();
        Duration timeout = recovery.instanceTimeout().multipliedBy(recovery.retries() + 1L);
        if (request.deadline() != null) {
            timeout = request.deadline().cap(timeout);
        }
        CallTrace.Step step = CallTrace.of(request).step("offload").with(PEER, peer.home().toString());
        CompletableFuture<ProviderReply> sent;
        try {
            sent = forwarder.forward(peer.virtualPortAddress(port), request, timeout);
        } catch (RuntimeException e) {
            step.with(OUTCOME, REFUSED).failed(FaultCode.InternalError.name(), String.valueOf(e.getMessage()));
            throw e;
        }
        return sent.handle((reply, error) -> error == null ? answered(peer, request, local, reply, step)
                : notAnswered(peer, request, recovery, error, step));
    }

    /** The peer's answer, going back to the client; offloading has started if it had not. */
    private ProviderReply answered(PeerLoad peer, RequestContext request, double local, ProviderReply reply,
            CallTrace.Step step) {
        if (offloading.compareAndSet(false, true)) {
            events.publish(NodeEvent.Type.OFFLOAD_STARTED, request.virtualPort().name(), null, "load index " + local
                    + (placesOnMembers ? "" : " is above the threshold") + ": forwarding new requests to peer "
                    + peer.home() + " (load index " + peer.report().loadIndex() + ")");
        }
        step.with(OUTCOME, ANSWERED).end(STATUS_CODE, reply.status());
        return reply.servedBy("peer " + peer.home());
    }

    /**
     * Null (serve the request here) when the peer gave no answer and the request may be sent again:
     * it never reached the peer or its operation is idempotent; otherwise the fault that refuses it.
     */
    private static ProviderReply notAnswered(PeerLoad peer, RequestContext request, RecoveryRule recovery, Throwable error,
            CallTrace.Step step) {
        Throwable cause = Completions.cause(error);
        if (!(cause instanceof DispatchException e)) {
            step.with(OUTCOME, REFUSED).failed(cause instanceof NodeFault f ? f.code().name()
                    : FaultCode.InternalError.name(), String.valueOf(cause.getMessage()));
            throw Completions.rethrown(error);
        }
        if (!e.requestSent() || recovery.isIdempotent(request.operation())) {
            LOG.warn("offloading to peer {} failed ({}); serving the request here", peer.home(), e.getMessage());
            step.with(OUTCOME, SERVED_HERE).failed(e.kind().name(), e.getMessage());
            return null;
        }
        NodeFault refused = new NodeFault(e.kind() == DispatchException.Kind.TIMEOUT ? FaultCode.Timeout
                : FaultCode.NoInstanceAvailable, "the request was offloaded to peer " + peer.home()
                + ", which gave no answer (" + e.getMessage() + "); not served here as well: operation "
                + request.operation() + " is not marked idempotent");
        step.with(OUTCOME, REFUSED).failed(refused.code().name(), refused.getMessage());
        throw refused;
    }
}
