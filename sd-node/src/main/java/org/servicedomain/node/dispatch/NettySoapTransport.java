package org.servicedomain.node.dispatch;

import io.netty.channel.EventLoop;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.outbound.Outbound;

/**
 * Posts SOAP messages over HTTP or HTTPS on the {@link Outbound} event loops, with keep-alive
 * connections kept per loop ({@link LoopConnections}). A request posted from one of the loops (the
 * relay's entry runs its requests there) goes out and comes back on that same loop: no thread
 * hand-off, no lock. A request from any other thread is handed to the next loop. A new connection to
 * a provider goes only to an address the allowed networks permit for its host at that moment; a
 * pooled connection is used as it is.
 */
public final class NettySoapTransport implements SoapTransport {

    /** Parsed addresses, so a request does not parse a URI; bounded, since addresses come and go. */
    private static final int MAX_ADDRESSES = 10_000;

    private final List<LoopConnections> connections = new ArrayList<>();
    /** The {@code User-Agent} line of every request, written once. */
    private final byte[] userAgentLine;
    private final long maxReplyBytes;
    private final Map<String, ProviderAddress> addresses = new ConcurrentHashMap<>();

    /**
     * @param reach whom the messages go to, which decides whether hosts are checked against the allowed networks
     * @param maxPerAddress the most connections to one host and port; shared out among the loops, as {@code maxTotal}
     */
    public NettySoapTransport(Outbound outbound, Outbound.Reach reach, String userAgent, int maxPerAddress, int maxTotal,
            long maxReplyBytes) {
        this.userAgentLine = HttpHead.line("User-Agent", userAgent);
        this.maxReplyBytes = maxReplyBytes;
        List<EventLoop> loops = outbound.eachLoop();
        for (EventLoop loop : loops) {
            connections.add(new LoopConnections(outbound, loop, reach, share(maxPerAddress, loops.size()),
                    share(maxTotal, loops.size())));
        }
    }

    private static int share(int limit, int threads) {
        return Math.max(1, (limit + threads - 1) / threads);
    }

    @Override
    public CompletableFuture<ProviderReply> post(String address, RequestContext request, Duration timeout,
            String... extraHeaders) {
        ProviderAddress target = address(address);
        if (!target.http()) {
            return CompletableFuture.failedFuture(new DispatchException(DispatchException.Kind.CONNECTION,
                    false, "not an http or https address with a host: " + address, null));
        }
        CompletableFuture<ProviderReply> reply = new CompletableFuture<>();
        ProviderExchange exchange = new ProviderExchange(target, request.body(), request.contentType(), request.soapAction(),
                extraHeaders, userAgentLine, timeout, maxReplyBytes, reply);
        LoopConnections here = current();
        if (here != null) {
            here.start(exchange);
        } else {
            LoopConnections there = connections.get(Math.floorMod(Thread.currentThread().hashCode()
                    + System.identityHashCode(exchange), connections.size()));
            there.loop().execute(() -> there.start(exchange));
        }
        return reply;
    }

    private LoopConnections current() {
        for (LoopConnections loop : connections) {
            if (loop.loop().inEventLoop()) {
                return loop;
            }
        }
        return null;
    }

    private ProviderAddress address(String address) {
        ProviderAddress parsed = addresses.get(address);
        if (parsed == null) {
            if (addresses.size() >= MAX_ADDRESSES) {
                addresses.clear();
            }
            parsed = addresses.computeIfAbsent(address, ProviderAddress::parse);
        }
        return parsed;
    }

    /** Closes the idle connections; the loops are the {@link Outbound}'s, which ends them. */
    @Override
    public void close() {
        for (LoopConnections loop : connections) {
            if (!loop.loop().isShuttingDown()) {
                loop.loop().execute(loop::closeAll);
            }
        }
    }
}
