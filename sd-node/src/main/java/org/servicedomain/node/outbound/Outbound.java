package org.servicedomain.node.outbound;

import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoop;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.resolver.AddressResolverGroup;
import io.netty.resolver.DefaultAddressResolverGroup;
import io.netty.util.concurrent.EventExecutor;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import javax.net.ssl.SSLException;
import org.servicedomain.node.network.PermittedAddressResolverGroup;

/**
 * The node's one way out: its event loops, and connections on them configured from one
 * {@link OutboundSettings} (connect timeout, TLS with host-name verification, and the resolver that
 * checks a provider's host against the allowed networks each time a connection opens). The SOAP
 * data plane keeps its pools on these loops; every other call goes through {@link #calls}.
 */
public final class Outbound implements AutoCloseable {

    /** Whom a connection goes to, which decides whether its host is held to the provider networks. */
    public enum Reach {
        /** Providers, and any address a caller or a policy named: re-checked against the allowed networks at every connect. */
        PROVIDERS,
        /** The operator's own nodes (peers, cluster members, child nodes): resolved by the system, unchecked. */
        OPERATOR
    }

    private final OutboundSettings settings;
    private final EventLoops loops;
    private final PermittedAddressResolverGroup providers;
    private final SslContext tls;

    private Outbound(OutboundSettings settings, EventLoops loops, SslContext tls) {
        this.settings = settings;
        this.loops = loops;
        this.providers = new PermittedAddressResolverGroup(settings.providers());
        this.tls = tls;
    }

    /** Opens {@code threads} event loops for the node's outbound (and relayed) traffic. */
    public static Outbound open(OutboundSettings settings, int threads) {
        SslContext tls;
        try {
            tls = SslContextBuilder.forClient().sslProvider(SslProvider.JDK).trustManager(settings.trust())
                    .endpointIdentificationAlgorithm("HTTPS").build();
        } catch (SSLException e) {
            throw new IllegalStateException("no TLS client context from the configured trust", e);
        }
        return new Outbound(settings, EventLoops.open(threads), tls);
    }

    public OutboundSettings settings() {
        return settings;
    }

    /** The event loops; an entry that runs its requests on them answers without a thread hand-off. */
    public EventLoops loops() {
        return loops;
    }

    /** Each event loop, in a fixed order. */
    public List<EventLoop> eachLoop() {
        List<EventLoop> each = new ArrayList<>();
        for (EventExecutor executor : loops.group()) {
            each.add((EventLoop) executor);
        }
        return each;
    }

    /**
     * A bootstrap for connections from {@code loop} to {@code reach}, by host name: each connect resolves
     * the name again (for providers, keeping only permitted addresses), within the connect timeout.
     */
    public Bootstrap bootstrap(EventLoop loop, Reach reach) {
        AddressResolverGroup<InetSocketAddress> resolver = reach == Reach.PROVIDERS ? providers : DefaultAddressResolverGroup.INSTANCE;
        return new Bootstrap().group(loop).channel(loops.socket()).resolver(resolver)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) Math.min(Integer.MAX_VALUE, settings.connectTimeout().toMillis()));
    }

    /** The TLS handler of a connection to {@code host}: the server's name is sent (SNI) and its certificate verified for it. */
    public SslHandler tls(ByteBufAllocator alloc, String host, int port) {
        SslHandler handler = tls.newHandler(alloc, host, port);
        handler.setHandshakeTimeoutMillis(settings.connectTimeout().toMillis());
        return handler;
    }

    /** Generic HTTP(S) calls to {@code reach}, sent with {@code userAgent}. */
    public HttpCalls calls(Reach reach, String userAgent) {
        return new HttpCalls(this, reach, userAgent);
    }

    /** Ends the loops (waiting a few seconds at most), so an undeployed WAR leaves no thread. */
    @Override
    public void close() {
        loops.shutDown();
        providers.close();
    }
}
