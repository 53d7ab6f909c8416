package org.servicedomain.node.entry.port;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.timeout.IdleStateHandler;
import io.netty.util.concurrent.GlobalEventExecutor;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.outbound.EventLoops;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's data-plane listener: serves the virtual ports ({@code /sd/services/ports/{name}}, POST
 * and {@code ?wsdl}) on a port of its own, on the same event loops that dispatch to providers. A
 * request is read, run through the {@link org.servicedomain.node.engine.RequestChain}, sent to its
 * instance and answered on the loop its connection belongs to, without a thread hand-off; Tomcat's
 * port keeps serving everything, virtual ports included.
 */
public final class VirtualPortRelay implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(VirtualPortRelay.class);

    /** Gauge of the relay's connections open now; {@code sd_relay_connections}. */
    public static final String CONNECTIONS = "sd.relay.connections";
    /** Connections the relay refused, by the {@code cap} they ran into; {@code sd_relay_connections_refused_total}. */
    public static final String REFUSED = "sd.relay.connections.refused";
    /** The {@code cap} of {@link #REFUSED}: too many connections overall or from one source, at accept. */
    public static final String CAP_CONNECTIONS = "connections";
    /** The {@code cap} of {@link #REFUSED}: more pipelined behind an unwritten answer than a connection may queue. */
    public static final String CAP_QUEUED_BYTES = "queued_bytes";
    /** The least a connection may queue, whatever the message limit: more than one read of the socket brings. */
    static final long MIN_QUEUED_BYTES = 128 * 1024;
    /** The most a connection may queue, whatever the message limit. */
    static final long MAX_QUEUED_BYTES = 1024 * 1024;

    /**
     * What every connection of the relay shares; {@code scheme} is {@code https} when it serves TLS.
     *
     * @param maxQueuedBytes the most a connection may hold of what it read behind an answer not yet written
     * @param overQueued connections refused for queuing more
     */
    record Settings(VirtualPortFront front, String scheme, String contextPath, AtomicInteger inFlight, long maxQueuedBytes,
            LongAdder overQueued) {
        String pathPrefix() {
            return contextPath + NodeAddress.VIRTUAL_PORTS_PATH;
        }
    }

    /**
     * The most a connection may queue behind an answer not yet written: one message at the limit and
     * a head, within {@link #MIN_QUEUED_BYTES} and {@link #MAX_QUEUED_BYTES}. Reading pauses at the
     * first piece queued, so a well-behaved client queues one read of the socket (64 KiB) at most.
     */
    static long maxQueuedBytes(long maxMessageBytes) {
        return Math.max(MIN_QUEUED_BYTES, Math.min(maxMessageBytes + HeadScanner.MAX_HEAD_BYTES, MAX_QUEUED_BYTES));
    }

    private final Channel server;
    private final ChannelGroup connections;
    private final AtomicInteger inFlight;
    private final ConnectionCaps caps;
    private final MeterRegistry registry;
    private final List<Meter> meters;

    private VirtualPortRelay(Channel server, ChannelGroup connections, AtomicInteger inFlight, ConnectionCaps caps,
            MeterRegistry registry, List<Meter> meters) {
        this.server = server;
        this.connections = connections;
        this.inFlight = inFlight;
        this.caps = caps;
        this.registry = registry;
        this.meters = meters;
    }

    /**
     * Listens on {@code bindAddress:port} (0 for an ephemeral port; a null address for every
     * interface) for requests to {@code front}'s virtual ports under {@code contextPath}, served on {@code loops}
     * (the loops that dispatch to providers) and metered in {@code registry}, and has
     * {@code front} advertise it as the node's data plane: over TLS when {@code tls} is not null (its
     * handler first in every connection's pipeline), else plain HTTP.
     */
    public static VirtualPortRelay start(NodeConfig config, EventLoops loops, MeterRegistry registry, VirtualPortFront front,
            String bindAddress, int port, String contextPath, DataPlaneTls tls) throws IOException {
        ChannelGroup connections = new DefaultChannelGroup("sd-relay-connections", GlobalEventExecutor.INSTANCE);
        Settings settings = new Settings(front, tls == null ? "http" : "https", contextPath, new AtomicInteger(),
                maxQueuedBytes(config.maxMessageBytes()), new LongAdder());
        ConnectionCaps caps = new ConnectionCaps(ConnectionCaps.withinDescriptors(config.entry().relayMaxConnections()),
                config.entry().relayMaxConnectionsPerSource());
        ServerBootstrap bootstrap = new ServerBootstrap().group(loops.group()).channel(loops.serverSocket())
                .option(ChannelOption.SO_BACKLOG, 1024)
                .childOption(ChannelOption.TCP_NODELAY, true)
                .childHandler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        if (!caps.admit(channel)) {
                            return;
                        }
                        connections.add(channel);
                        if (tls != null) {
                            channel.pipeline().addLast(tls.newHandler(channel.alloc()));
                        }
                        channel.pipeline().addLast(new IdleStateHandler(true, 0, 0, config.entry().relayIdleTimeout().toMillis(),
                                TimeUnit.MILLISECONDS), new StrictHttpDecoder(config.entry().headerTimeout()),
                                new RelayConnection(settings));
                    }
                });
        InetSocketAddress address = bindAddress == null ? new InetSocketAddress(port) : new InetSocketAddress(bindAddress, port);
        try {
            Channel server = bootstrap.bind(address).syncUninterruptibly().channel();
            LOG.info("virtual ports relayed on {} ({}, {})", server.localAddress(), tls == null ? "HTTP" : "HTTPS",
                    loops.nativeTransport() ? "epoll" : "Java NIO");
            VirtualPortRelay relay = new VirtualPortRelay(server, connections, settings.inFlight(), caps, registry,
                    meters(registry, caps, settings.overQueued()));
            front.advertise(settings.scheme(), relay.port());
            return relay;
        } catch (RuntimeException e) {
            throw new IOException("the relay could not listen on " + address + ": " + e.getMessage(), e);
        }
    }

    private static List<Meter> meters(MeterRegistry registry, ConnectionCaps caps, LongAdder overQueued) {
        return List.of(
                Gauge.builder(CONNECTIONS, caps, ConnectionCaps::open)
                        .description("The relay's client connections open now").register(registry),
                FunctionCounter.builder(REFUSED, caps, ConnectionCaps::refused).tag("cap", CAP_CONNECTIONS)
                        .description("Connections the relay refused at a cap").register(registry),
                FunctionCounter.builder(REFUSED, overQueued, LongAdder::sum).tag("cap", CAP_QUEUED_BYTES)
                        .description("Connections the relay refused at a cap").register(registry));
    }

    public int port() {
        return ((InetSocketAddress) server.localAddress()).getPort();
    }

    /** Requests in the chain now, answered or not. */
    public int inFlight() {
        return inFlight.get();
    }

    /** Connections closed at accept because the overall or a per-source cap was reached, since the relay started. */
    public long refusedConnections() {
        return caps.refused();
    }

    /** Stops taking new connections; those open keep being served until {@link #close()}. */
    public void stopAccepting() {
        server.close().syncUninterruptibly();
    }

    /** Stops taking connections and closes every open one, answered or not. */
    @Override
    public void close() {
        stopAccepting();
        if (inFlight.get() > 0) {
            LOG.warn("{} relayed requests were still in flight; their connections are closed", inFlight.get());
        }
        connections.close().awaitUninterruptibly(5_000);
        meters.forEach(registry::remove);
    }
}
