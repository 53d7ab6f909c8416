package org.servicedomain.node.discovery;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.DatagramChannel;
import java.util.Collections;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UDP side of SOAP-over-UDP: one socket bound to the discovery port, joined to the group on one
 * interface, with loop-back on (so processes on the same machine hear each other) and the configured
 * TTL. Every message is sent twice, the repeat 100 ms later, as SOAP-over-UDP asks; receivers drop
 * the repeat by its message id. One thread receives and hands each datagram to the receiver.
 */
final class MulticastChannel implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MulticastChannel.class);
    static final long REPEAT_DELAY_MS = 100;

    private final DatagramChannel channel;
    private final InetSocketAddress group;
    private final ScheduledExecutorService repeats;
    private final Thread receiver;

    private MulticastChannel(DatagramChannel channel, InetSocketAddress group, BiConsumer<byte[], InetSocketAddress> handler,
            int maxBytes) {
        this.channel = channel;
        this.group = group;
        this.repeats = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "sd-discovery-repeat"));
        this.receiver = daemon(() -> receive(handler, maxBytes), "sd-discovery-receive");
        receiver.start();
    }

    static MulticastChannel open(DiscoveryConfig config, BiConsumer<byte[], InetSocketAddress> handler, int maxBytes)
            throws IOException {
        NetworkInterface nif = networkInterface(config.interfaceName());
        DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
        try {
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.bind(new InetSocketAddress(config.port()));
            channel.setOption(StandardSocketOptions.IP_MULTICAST_IF, nif);
            channel.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            channel.setOption(StandardSocketOptions.IP_MULTICAST_TTL, config.ttl());
            channel.join(config.group(), nif);
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw new IOException("could not join " + config.group().getHostAddress() + ":" + config.port() + " on "
                    + nif.getName() + ": " + e.getMessage(), e);
        }
        LOG.info("WS-Discovery listening on {}:{} on interface {}", config.group().getHostAddress(), config.port(),
                nif.getName());
        return new MulticastChannel(channel, new InetSocketAddress(config.group(), config.port()), handler, maxBytes);
    }

    /** The interface named, or the first that is up, multicast-capable and not loopback. */
    static NetworkInterface networkInterface(String name) throws SocketException {
        if (name != null) {
            NetworkInterface nif = NetworkInterface.getByName(name);
            if (nif == null) {
                throw new SocketException("no network interface " + name);
            }
            return nif;
        }
        for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nif.isUp() && nif.supportsMulticast() && !nif.isLoopback()) {
                return nif;
            }
        }
        throw new SocketException("no network interface is up for multicast; name one (--discovery-interface)");
    }

    /** Sends {@code message} to the group, twice. */
    void multicast(byte[] message) {
        send(message, group);
    }

    /** Sends {@code message} to one receiver, twice. */
    void unicast(byte[] message, SocketAddress to) {
        send(message, to);
    }

    private void send(byte[] message, SocketAddress to) {
        sendOnce(message, to);
        try {
            repeats.schedule(() -> sendOnce(message, to), REPEAT_DELAY_MS, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("channel closed; the repeat to {} is not sent", to, e);
        }
    }

    private void sendOnce(byte[] message, SocketAddress to) {
        try {
            channel.send(ByteBuffer.wrap(message), to);
        } catch (IOException e) {
            LOG.warn("could not send a discovery message to {}: {}", to, e.toString());
        }
    }

    private void receive(BiConsumer<byte[], InetSocketAddress> handler, int maxBytes) {
        ByteBuffer buffer = ByteBuffer.allocate(maxBytes + 1);
        while (channel.isOpen()) {
            try {
                buffer.clear();
                InetSocketAddress source = (InetSocketAddress) channel.receive(buffer);
                buffer.flip();
                byte[] bytes = new byte[buffer.remaining()];
                buffer.get(bytes);
                handler.accept(bytes, source);
            } catch (ClosedChannelException e) {
                return;
            } catch (IOException e) {
                LOG.warn("discovery receive failed", e);
            } catch (RuntimeException e) {
                LOG.warn("a discovery message could not be handled", e);
            }
        }
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }

    /** Waits for the repeats already scheduled, then closes the socket. */
    @Override
    public void close() {
        repeats.shutdown();
        try {
            repeats.awaitTermination(1, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            channel.close();
            receiver.join(1000);
        } catch (IOException e) {
            LOG.warn("could not close the discovery socket", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
