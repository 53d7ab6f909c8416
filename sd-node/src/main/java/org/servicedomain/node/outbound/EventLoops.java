package org.servicedomain.node.outbound;

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
import io.netty.util.ResourceLeakDetector;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * The node's event loops and the socket types that go with them: Linux's epoll through Netty's
 * native transport where it loads (fewer system calls per request), Java NIO elsewhere.
 */
public record EventLoops(EventLoopGroup group, Class<? extends SocketChannel> socket,
        Class<? extends ServerSocketChannel> serverSocket) {

    /** Netty's own switch for its buffer-leak detector; when set, the operator's choice stands. */
    static final String LEAK_DETECTION_PROPERTY = "io.netty.leakDetection.level";

    /** {@code threads} loops named {@code sd-relay-…}, daemon threads. */
    public static EventLoops open(int threads) {
        quietLeakDetection();
        DefaultThreadFactory names = new DefaultThreadFactory("sd-relay", true);
        if (Epoll.isAvailable()) {
            return new EventLoops(new EpollEventLoopGroup(threads, names), EpollSocketChannel.class, EpollServerSocketChannel.class);
        }
        return new EventLoops(new NioEventLoopGroup(threads, names), NioSocketChannel.class, NioServerSocketChannel.class);
    }

    /**
     * Turns Netty's buffer-leak detector off unless {@value #LEAK_DETECTION_PROPERTY} asks for it: at
     * its default level it records a stack trace for one buffer in 128, a few per cent of the data
     * plane's CPU (docs/performance.md), for leaks the tests run it to find (at Netty's default level, set in the build).
     */
    static void quietLeakDetection() {
        if (System.getProperty(LEAK_DETECTION_PROPERTY) == null) {
            ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.DISABLED);
        }
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
