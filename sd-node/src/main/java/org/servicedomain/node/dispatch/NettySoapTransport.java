package org.servicedomain.node.dispatch;

import io.netty.channel.EventLoop;
import io.netty.util.concurrent.EventExecutor;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.network.PermittedAddressResolverGroup;
import org.servicedomain.node.network.PermittedAddresses;

/**
 * Posts SOAP messages to providers on Netty event loops, with keep-alive connections kept per loop
 * ({@link LoopConnections}). A request posted from one of the loops (the relay's entry runs its
 * requests there) goes out and comes back on that same loop: no thread hand-off, no lock. A request
 * from any other thread is handed to the next loop. Addresses other than plain HTTP go to the
 * {@code other} transport. A new connection goes only to an address {@link PermittedAddresses} gives
 * for the provider's host at that moment; a pooled connection is used as it is.
 */
public final class NettySoapTransport implements SoapTransport {

    /** Parsed addresses, so a request does not parse a URI; bounded, since addresses come and go. */
    private static final int MAX_ADDRESSES = 10_000;

    private final EventLoops loops;
    private final List<LoopConnections> connections = new ArrayList<>();
    private final SoapTransport other;
    /** The {@code User-Agent} line of every request, written once. */
    private final byte[] userAgentLine;
    private final long maxReplyBytes;
    private final Map<String, ProviderAddress> addresses = new ConcurrentHashMap<>();
    private final PermittedAddressResolverGroup resolver;

    /**
     * @param threads the number of event loops; the limits on connections are shared out among them
     * @param permitted where a new connection to a provider's host may go, asked at every connect
     * @param other the transport for addresses that are not plain HTTP; closed with this one
     */
    public NettySoapTransport(int threads, String userAgent, Duration connectTimeout, int maxPerAddress, int maxTotal,
            long maxReplyBytes, PermittedAddresses permitted, SoapTransport other) {
        this.loops = EventLoops.open(threads);
        this.other = other;
        this.userAgentLine = HttpHead.line("User-Agent", userAgent);
        this.maxReplyBytes = maxReplyBytes;
        this.resolver = new PermittedAddressResolverGroup(permitted);
        for (EventExecutor executor : loops.group()) {
            connections.add(new LoopConnections((EventLoop) executor, loops.socket(), resolver, connectTimeout,
                    share(maxPerAddress, threads), share(maxTotal, threads)));
        }
    }

    private static int share(int limit, int threads) {
        return Math.max(1, (limit + threads - 1) / threads);
    }

    /** The event loops, for an entry that wants its requests answered on the loop they arrived on. */
    public EventLoops eventLoops() {
        return loops;
    }

    @Override
    public CompletableFuture<ProviderReply> post(String address, RequestContext request, Duration timeout,
            String... extraHeaders) {
        ProviderAddress target = address(address);
        if (!target.plainHttp()) {
            return other.post(address, request, timeout, extraHeaders);
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

    /** Closes the connections and ends the loops (waiting a few seconds at most), so an undeployed WAR leaves no thread. */
    @Override
    public void close() {
        for (LoopConnections loop : connections) {
            loop.loop().execute(loop::closeAll);
        }
        loops.shutDown();
        resolver.close();
        other.close();
    }
}
