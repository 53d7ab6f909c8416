package org.servicedomain.node.discovery;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
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
import org.servicedomain.node.core.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The UDP side of SOAP-over-UDP on one interface. One socket is bound to the group address and the
 * discovery port and joined to the group on that interface, so it hears only what is multicast to the
 * group, never a datagram sent straight to one of the machine's addresses; a second socket, bound to
 * the interface's own address, sends: announcements to the group (loop-back on, so processes on the
 * same machine hear each other, and the configured TTL) and answers to one receiver. Announcements
 * are sent twice, the repeat 100 ms later, as SOAP-over-UDP asks (MULTICAST_UDP_REPEAT); answers are
 * sent once plus the configured repeats, since every repeat multiplies what a forged source receives.
 * One thread receives and hands each datagram to the receiver.
 */
final class MulticastChannel implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MulticastChannel.class);
    static final long REPEAT_DELAY_MS = 100;

    private final DatagramChannel channel;
    private final DatagramChannel sender;
    private final InetSocketAddress group;
    private final int answerRepeats;
    private final ScheduledExecutorService repeats;
    private final Thread receiver;

    private MulticastChannel(DatagramChannel channel, DatagramChannel sender, InetSocketAddress group,
            int answerRepeats, BiConsumer<byte[], InetSocketAddress> handler, int maxBytes) {
        this.channel = channel;
        this.sender = sender;
        this.group = group;
        this.answerRepeats = answerRepeats;
        this.repeats = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-discovery-repeat"));
        this.receiver = DaemonThreads.named("sd-discovery-receive").newThread(() -> receive(handler, maxBytes));
        receiver.start();
    }

    static MulticastChannel open(DiscoveryConfig config, BiConsumer<byte[], InetSocketAddress> handler, int maxBytes)
            throws IOException {
        NetworkInterface nif = networkInterface(config.interfaceName());
        InetAddress own = ipv4Of(nif);
        DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
        DatagramChannel sender = null;
        try {
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.bind(new InetSocketAddress(config.group(), config.port()));
            channel.join(config.group(), nif);
            sender = DatagramChannel.open(StandardProtocolFamily.INET);
            sender.bind(new InetSocketAddress(own, 0));
            sender.setOption(StandardSocketOptions.IP_MULTICAST_IF, nif);
            sender.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            sender.setOption(StandardSocketOptions.IP_MULTICAST_TTL, config.ttl());
        } catch (IOException | RuntimeException e) {
            channel.close();
            if (sender != null) {
                sender.close();
            }
            throw new IOException("could not join " + config.group().getHostAddress() + ":" + config.port() + " on "
                    + nif.getName() + ": " + e.getMessage(), e);
        }
        LOG.info("WS-Discovery listening on {}:{} on interface {}, sending from {}", config.group().getHostAddress(),
                config.port(), nif.getName(), sender.socket().getLocalSocketAddress());
        return new MulticastChannel(channel, sender, new InetSocketAddress(config.group(), config.port()),
                config.limits().answerRepeats(), handler, maxBytes);
    }

    /** The interface's IPv4 address, the one discovery sends from. */
    static InetAddress ipv4Of(NetworkInterface nif) throws IOException {
        return Collections.list(nif.getInetAddresses()).stream().filter(a -> a instanceof Inet4Address).findFirst()
                .orElseThrow(() -> new IOException("interface " + nif.getName() + " has no IPv4 address"));
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
        send(message, group, 1);
    }

    /** Sends {@code message} to one receiver, once and then the configured repeats. */
    void unicast(byte[] message, SocketAddress to) {
        send(message, to, answerRepeats);
    }

    /**
     * Sends {@code message} to one receiver {@code delayMs} from now (then the repeats), scheduled so
     * that no thread waits for it; dropped when the channel closes first.
     */
    void unicastAfter(byte[] message, SocketAddress to, long delayMs) {
        if (delayMs <= 0) {
            unicast(message, to);
            return;
        }
        try {
            repeats.schedule(() -> unicast(message, to), delayMs, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            LOG.debug("channel closed; the answer to {} is not sent", to, e);
        }
    }

    private void send(byte[] message, SocketAddress to, int repeatCount) {
        sendOnce(message, to);
        for (int i = 1; i <= repeatCount; i++) {
            try {
                repeats.schedule(() -> sendOnce(message, to), REPEAT_DELAY_MS * i, TimeUnit.MILLISECONDS);
            } catch (java.util.concurrent.RejectedExecutionException e) {
                LOG.debug("channel closed; the repeat to {} is not sent", to, e);
            }
        }
    }

    private void sendOnce(byte[] message, SocketAddress to) {
        try {
            sender.send(ByteBuffer.wrap(message), to);
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
            sender.close();
            receiver.join(1000);
        } catch (IOException e) {
            LOG.warn("could not close the discovery socket", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
