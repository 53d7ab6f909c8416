package org.servicedomain.node.engine.offload;

import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.dispatch.NettySoapTransport;
import org.servicedomain.node.dispatch.SoapTransport;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.tracing.TraceHeaders;

/**
 * Sends a request on to a peer node's virtual port exactly as the client sent it, marked with the
 * hop header so the peer serves it itself, and with the time the client still waits; brings back
 * the peer's answer, which may be a fault, unchanged. The call's trace goes along.
 */
public final class PeerForwarder implements AutoCloseable {

    private final SoapTransport http;

    /** @param maxConnections the most connections to one peer, and to all of them */
    public PeerForwarder(Outbound outbound, int maxConnections, long maxReplyBytes) {
        // peers are the operator's (the policy's list, or the cluster's members), not a caller's: not held to the provider networks
        this.http = new NettySoapTransport(outbound, Outbound.Reach.OPERATOR, "sd-node-offload", maxConnections, maxConnections,
                maxReplyBytes);
    }

    /**
     * The peer's answer to {@code request}, sent to {@code port} with at most {@code timeout} to answer;
     * fails with a {@link org.servicedomain.node.core.DispatchException} when there is none.
     */
    public CompletableFuture<ProviderReply> forward(URI port, RequestContext request, Duration timeout) {
        return http.post(port.toString(), request, timeout, TraceHeaders.added(request, Offload.HOP_HEADER, "1",
                Deadline.HEADER, Long.toString(Math.max(1, timeout.toMillis()))));
    }

    @Override
    public void close() {
        http.close();
    }
}
