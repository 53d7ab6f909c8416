package org.servicedomain.node.dispatch;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoop;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslHandler;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.network.DeniedNetworkException;
import org.servicedomain.node.outbound.Outbound;

/**
 * The keep-alive connections of one event loop, by provider host and port. Only that loop touches them,
 * so taking and giving back a connection takes no lock, and a request that arrived on the loop is
 * sent and answered on it without changing threads. Limits per address and in total are this
 * loop's share of the node's.
 */
final class LoopConnections {

    private final EventLoop loop;
    private final Outbound outbound;
    private final Bootstrap bootstrap;
    private final int maxPerAddress;
    private final int maxTotal;
    private final Map<ProviderAddress.Route, Pool> pools = new HashMap<>();
    private int open;

    /** The connections of this loop to one host and port; each {@link ProviderChannel} holds its own. */
    static final class Pool {
        final ProviderAddress.Route route;
        final ArrayDeque<Channel> idle = new ArrayDeque<>();
        final ArrayDeque<ProviderExchange> waiting = new ArrayDeque<>();
        int open;

        Pool(ProviderAddress.Route route) {
            this.route = route;
        }
    }

    /** @param reach whom the connections go to: providers' hosts are re-checked against the allowed networks at every connect */
    LoopConnections(Outbound outbound, EventLoop loop, Outbound.Reach reach, int maxPerAddress, int maxTotal) {
        this.loop = loop;
        this.outbound = outbound;
        this.maxPerAddress = maxPerAddress;
        this.maxTotal = maxTotal;
        this.bootstrap = outbound.bootstrap(loop, reach);
    }

    EventLoop loop() {
        return loop;
    }

    /** Sends {@code exchange} on an idle connection, a new one, or the first to come free. Runs on the loop. */
    void start(ProviderExchange exchange) {
        Pool pool = pools.computeIfAbsent(exchange.address.route(), Pool::new);
        Channel idle = idle(pool);
        if (idle != null) {
            handler(idle).send(idle, exchange);
            return;
        }
        exchange.awaitConnection(loop);
        if (pool.open < maxPerAddress && (open < maxTotal || closeIdleElsewhere(pool))) {
            connect(pool, exchange);
        } else {
            pool.waiting.addLast(exchange);
        }
    }

    /** A connection whose answer is complete: to the next waiting request, or idle. */
    void released(Pool pool, Channel channel) {
        ProviderExchange next = nextWaiting(pool);
        if (next != null) {
            handler(channel).send(channel, next);
        } else {
            pool.idle.addLast(channel);
        }
    }

    /** A connection that ended: its place goes to the next waiting request. */
    void closed(Pool pool, Channel channel) {
        pool.idle.remove(channel);
        pool.open--;
        open--;
        afterClose(pool);
    }

    private void afterClose(Pool pool) {
        ProviderExchange next = nextWaiting(pool);
        if (next != null) {
            connect(pool, next);
        } else if (pool.open == 0 && pool.waiting.isEmpty()) {
            pools.remove(pool.route);
        }
    }

    private void connect(Pool pool, ProviderExchange exchange) {
        pool.open++;
        open++;
        exchange.connecting();
        ProviderAddress.Route route = pool.route;
        ProviderChannel handler = new ProviderChannel(this, pool);
        ChannelFuture connected = bootstrap.clone().handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel channel) {
                if (route.tls()) {
                    channel.pipeline().addLast(outbound.tls(channel.alloc(), route.host(), route.port()));
                }
                channel.pipeline().addLast(handler); // requests go out as bytes (ProviderExchange), answers are read by AnswerParser
            }
        }).connect(route.host(), route.port());
        connected.addListener(done -> {
            Channel channel = connected.channel();
            if (!done.isSuccess()) {
                pool.open--;
                open--;
                exchange.fail(connectFailure(done.cause()));
                afterClose(pool);
            } else if (route.tls()) {
                channel.pipeline().get(SslHandler.class).handshakeFuture().addListener(shaken -> {
                    if (shaken.isSuccess()) {
                        connected(pool, channel, handler, exchange);
                    } else {
                        exchange.fail(new DispatchException(DispatchException.Kind.CONNECTION, false,
                                "the TLS handshake with " + route.host() + ":" + route.port() + " failed: "
                                        + ProviderChannel.describe(shaken.cause()), shaken.cause()));
                        channel.close(); // its place is given back as it closes (ProviderChannel.channelInactive)
                    }
                });
            } else {
                connected(pool, channel, handler, exchange);
            }
        });
    }

    private void connected(Pool pool, Channel channel, ProviderChannel handler, ProviderExchange exchange) {
        if (exchange.done()) {
            released(pool, channel);
        } else {
            handler.send(channel, exchange);
        }
    }

    private static DispatchException connectFailure(Throwable cause) {
        if (cause instanceof DeniedNetworkException denied) {
            return new DispatchException(DispatchException.Kind.CONNECTION, false, denied.reason(), cause);
        }
        if (cause instanceof io.netty.channel.ConnectTimeoutException) {
            return new DispatchException(DispatchException.Kind.TIMEOUT, false, "no connection within the connect timeout", cause);
        }
        boolean notSent = cause instanceof ConnectException || cause instanceof UnknownHostException
                || cause instanceof NoRouteToHostException;
        return new DispatchException(DispatchException.Kind.CONNECTION, !notSent, ProviderChannel.describe(cause), cause);
    }

    private static Channel idle(Pool pool) {
        Channel channel = pool.idle.pollLast();
        while (channel != null && !channel.isActive()) {
            channel = pool.idle.pollLast();
        }
        return channel;
    }

    private static ProviderExchange nextWaiting(Pool pool) {
        ProviderExchange next = pool.waiting.pollFirst();
        while (next != null && next.done()) {
            next = pool.waiting.pollFirst();
        }
        return next;
    }

    /** Makes room under the total limit by closing an idle connection to another address, if there is one. */
    private boolean closeIdleElsewhere(Pool wanting) {
        for (Iterator<Pool> it = pools.values().iterator(); it.hasNext();) {
            Pool pool = it.next();
            if (pool != wanting && !pool.idle.isEmpty()) {
                Channel channel = pool.idle.pollFirst();
                pool.open--;
                open--;
                channel.pipeline().remove(ProviderChannel.class);
                channel.close();
                return true;
            }
        }
        return false;
    }

    private static ProviderChannel handler(Channel channel) {
        return channel.pipeline().get(ProviderChannel.class);
    }

    /** Closes every connection of this loop; runs on the loop. */
    void closeAll() {
        for (Pool pool : pools.values()) {
            for (Channel channel : pool.idle) {
                channel.close();
            }
        }
    }
}
