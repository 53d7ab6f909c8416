package org.servicedomain.node.rendering;

import io.netty.channel.EventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollEventLoopGroup;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The node's event loops and the socket types that go with them: Linux's epoll through Netty's
 * native transport where it loads (fewer system calls per request), Java NIO elsewhere.
 */
public record EventLoops(EventLoopGroup group, Class<? extends SocketChannel> socket,
        Class<? extends ServerSocketChannel> serverSocket) {

    /** {@code threads} loops named {@code sd-relay-…}, daemon threads. */
    public static EventLoops open(int threads) {
        DefaultThreadFactory names = new DefaultThreadFactory("sd-relay", true);
        if (Epoll.isAvailable()) {
            return new EventLoops(new EpollEventLoopGroup(threads, names), EpollSocketChannel.class, EpollServerSocketChannel.class);
        }
        return new EventLoops(new NioEventLoopGroup(threads, names), NioSocketChannel.class, NioServerSocketChannel.class);
    }

    /** Whether the loops use epoll rather than Java NIO. */
    public boolean nativeTransport() {
        return group instanceof EpollEventLoopGroup;
    }

    /** Ends the loops, waiting a few seconds at most, so an undeployed WAR leaves no thread. */
    void shutDown() {
        group.shutdownGracefully(0, 5, TimeUnit.SECONDS).awaitUninterruptibly(10, TimeUnit.SECONDS);
    }
}
