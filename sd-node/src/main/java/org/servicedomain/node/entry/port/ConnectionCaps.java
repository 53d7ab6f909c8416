package org.servicedomain.node.entry.port;

import com.sun.management.UnixOperatingSystemMXBean;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFutureListener;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The relay's connection caps, overall and per source address, checked once per connection at
 * accept: a client that opens connections without end runs into its own cap long before the node runs
 * out of descriptors, and the other clients keep being served.
 */
final class ConnectionCaps {

    private static final Logger LOG = LoggerFactory.getLogger(ConnectionCaps.class);

    private final int max;
    private final int perSource;
    private final AtomicInteger open = new AtomicInteger();
    private final ConcurrentHashMap<InetAddress, Integer> bySource = new ConcurrentHashMap<>();
    private final LongAdder refused = new LongAdder();

    ConnectionCaps(int max, int perSource) {
        this.max = max;
        this.perSource = perSource;
    }

    /**
     * The overall cap an operator asked for, lowered to three quarters of the process's descriptor
     * limit: connections beyond that would leave the node no descriptor for its providers, files and
     * Tomcat, and it would stop serving everyone at once.
     */
    static int withinDescriptors(int asked) {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof UnixOperatingSystemMXBean unix) {
            long room = unix.getMaxFileDescriptorCount() / 4 * 3;
            if (room < asked) {
                LOG.info("the relay holds at most {} connections: three quarters of the process's {} descriptors", room,
                        unix.getMaxFileDescriptorCount());
                return (int) Math.max(1, room);
            }
        }
        return asked;
    }

    /**
     * Counts a just-accepted connection and uncounts it when it closes; false, and the connection
     * closed at once, when it is over either cap.
     */
    boolean admit(Channel channel) {
        if (open.incrementAndGet() > max) {
            open.decrementAndGet();
            return refuse(channel, "the relay holds " + max + " connections");
        }
        InetAddress source = ((InetSocketAddress) channel.remoteAddress()).getAddress();
        boolean[] counted = new boolean[1];
        bySource.compute(source, (address, count) -> {
            int now = count == null ? 0 : count;
            if (now >= perSource) {
                return count;
            }
            counted[0] = true;
            return now + 1;
        });
        if (!counted[0]) {
            open.decrementAndGet();
            return refuse(channel, source.getHostAddress() + " holds " + perSource + " connections");
        }
        channel.closeFuture().addListener((ChannelFutureListener) closed -> {
            open.decrementAndGet();
            bySource.computeIfPresent(source, (address, count) -> count <= 1 ? null : count - 1);
        });
        return true;
    }

    private boolean refuse(Channel channel, String why) {
        refused.increment();
        LOG.debug("closing a connection from {} at once: {}", channel.remoteAddress(), why);
        channel.close();
        return false;
    }

    /** Connections closed at accept because a cap was reached, since the relay started. */
    long refused() {
        return refused.sum();
    }

    /** Connections held open now. */
    int open() {
        return open.get();
    }
}
