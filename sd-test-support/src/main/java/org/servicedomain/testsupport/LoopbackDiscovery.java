package org.servicedomain.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.servicedomain.client.discovery.DiscoveryNetwork;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.provider.ProviderAnnouncement;

/**
 * WS-Discovery for tests: multicast on the loopback interface ({@code lo}, loop-back on, TTL 1),
 * never on the machine's real interfaces, on a UDP port of its own instead of 3702 so that test runs
 * side by side do not hear each other. Nodes, providers' announcements and raw datagrams made here
 * all use the same group and port.
 */
public final class LoopbackDiscovery {

    public static final String INTERFACE = "lo";

    /** Discovery ports are picked from here up to the ephemeral range. */
    private static final int FIRST_FIXED_PORT = 20000;
    private static final int DEFAULT_EPHEMERAL_START = 32768;

    private final int port;

    private LoopbackDiscovery(int port) {
        this.port = port;
    }

    /**
     * A fixture on a UDP port that was free a moment ago, chosen below the kernel's ephemeral range:
     * a socket bound to port 0 (a node's sender, a probe) could otherwise be handed the group's port
     * and, holding it without address reuse, keep a listener from joining.
     */
    public static LoopbackDiscovery onFreePort() {
        int below = ephemeralRangeStart();
        IOException last = null;
        for (int attempt = 0; attempt < 64; attempt++) {
            int candidate = FIRST_FIXED_PORT + ThreadLocalRandom.current().nextInt(below - FIRST_FIXED_PORT);
            try (DatagramSocket socket = new DatagramSocket(candidate)) {
                return new LoopbackDiscovery(socket.getLocalPort());
            } catch (IOException e) {
                last = e;
            }
        }
        throw new UncheckedIOException("no free UDP port between " + FIRST_FIXED_PORT + " and " + below, last);
    }

    private static int ephemeralRangeStart() {
        try {
            String range = Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")).trim();
            int start = Integer.parseInt(range.split("\\s+")[0]);
            return start > FIRST_FIXED_PORT + 1000 ? start : DEFAULT_EPHEMERAL_START;
        } catch (IOException | RuntimeException e) {
            return DEFAULT_EPHEMERAL_START;
        }
    }

    public int port() {
        return port;
    }

    /** A node's discovery settings in {@code mode}, publishing {@code scopes}, refreshing every 100 ms. */
    public DiscoveryConfig node(DiscoveryMode mode, String... scopes) {
        return DiscoveryConfig.of(mode, INTERFACE, port, List.of(scopes)).withRefresh(Duration.ofMillis(100));
    }

    /** Where clients and providers multicast. */
    public DiscoveryNetwork network() {
        return DiscoveryNetwork.on(INTERFACE, port);
    }

    /** A provider announcing itself by multicast with {@code scopes}. */
    public ProviderAnnouncement announcement(String... scopes) {
        return new ProviderAnnouncement(network(), null, List.of(scopes));
    }

    /** A provider announcing itself only to the managed node at {@code nodeBase} ({@code http://.../sd}), by HTTP. */
    public static ProviderAnnouncement toProxy(URI nodeBase, String... scopes) {
        return new ProviderAnnouncement(null, proxyOf(nodeBase), List.of(scopes));
    }

    /** The managed discovery proxy of the node at {@code nodeBase}. */
    public static URI proxyOf(URI nodeBase) {
        return URI.create(nodeBase + "/services/discovery");
    }

    /** A policy whose discovery element holds {@code admits} (admit elements as XML). */
    public static String policyAdmitting(String admits) {
        return "<policy xmlns=\"urn:sd:policy:1\"><discovery>" + admits + "</discovery></policy>";
    }

    /** Multicasts {@code message} {@code times} times, as is. */
    public void multicast(byte[] message, int times) {
        multicastFrom("0.0.0.0", message, times);
    }

    /**
     * Multicasts {@code message} {@code times} times from {@code sourceAddress} (a loopback address
     * such as {@code 127.0.0.2}): what a sender forging that source address would send.
     */
    public void multicastFrom(String sourceAddress, byte[] message, int times) {
        try (DatagramChannel channel = DatagramChannel.open(java.net.StandardProtocolFamily.INET)) {
            channel.bind(new InetSocketAddress(sourceAddress, 0));
            channel.setOption(java.net.StandardSocketOptions.IP_MULTICAST_IF, java.net.NetworkInterface.getByName(INTERFACE));
            channel.setOption(java.net.StandardSocketOptions.IP_MULTICAST_LOOP, true);
            channel.setOption(java.net.StandardSocketOptions.IP_MULTICAST_TTL, 1);
            for (int i = 0; i < times; i++) {
                channel.send(ByteBuffer.wrap(message), group());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not multicast on " + INTERFACE, e);
        }
    }

    /**
     * Multicasts {@code message} {@code times} times from one socket and returns every datagram that
     * socket receives within {@code wait}, repeats included.
     */
    public List<byte[]> exchange(byte[] message, int times, Duration wait) {
        return exchange(new InetSocketAddress(0), group(), java.util.Collections.nCopies(times, message), wait, false);
    }

    /**
     * Multicasts each of {@code messages} once from one socket bound to {@code sourceAddress} (a
     * loopback address such as {@code 127.0.0.3}) and returns every datagram received within {@code wait}.
     */
    public List<byte[]> exchangeFrom(String sourceAddress, List<byte[]> messages, Duration wait) {
        return exchange(new InetSocketAddress(sourceAddress, 0), group(), messages, wait, false);
    }

    /**
     * Multicasts {@code message} from {@code sourceAddress} and returns the first datagram received
     * within {@code timeout}, or null: a Probe answered tells that everything multicast before it was read.
     */
    public byte[] firstAnswerFrom(String sourceAddress, byte[] message, Duration timeout) {
        List<byte[]> answers = exchange(new InetSocketAddress(sourceAddress, 0), group(), List.of(message), timeout, true);
        return answers.isEmpty() ? null : answers.get(0);
    }

    /**
     * Sends {@code message} once straight to {@code 127.0.0.1} on the discovery port, not to the group,
     * and returns every datagram received within {@code wait}.
     */
    public List<byte[]> unicastExchange(byte[] message, Duration wait) {
        return exchange(new InetSocketAddress(0), new InetSocketAddress("127.0.0.1", port), List.of(message), wait,
                false);
    }

    private List<byte[]> exchange(InetSocketAddress local, InetSocketAddress to, List<byte[]> messages, Duration wait,
            boolean first) {
        List<byte[]> answers = new ArrayList<>();
        try (DatagramChannel channel = DatagramChannel.open(java.net.StandardProtocolFamily.INET);
                Selector selector = Selector.open()) {
            channel.bind(local);
            channel.setOption(java.net.StandardSocketOptions.IP_MULTICAST_IF, java.net.NetworkInterface.getByName(INTERFACE));
            channel.setOption(java.net.StandardSocketOptions.IP_MULTICAST_LOOP, true);
            channel.setOption(java.net.StandardSocketOptions.IP_MULTICAST_TTL, 1);
            channel.configureBlocking(false);
            channel.register(selector, SelectionKey.OP_READ);
            for (byte[] message : messages) {
                channel.send(ByteBuffer.wrap(message), to);
            }
            ByteBuffer buffer = ByteBuffer.allocate(70_000);
            long deadline = System.nanoTime() + wait.toNanos();
            long left;
            while ((left = deadline - System.nanoTime()) > 0 && !(first && !answers.isEmpty())) {
                selector.select(Math.max(1, left / 1_000_000));
                selector.selectedKeys().clear();
                buffer.clear();
                while (channel.receive(buffer) != null) {
                    buffer.flip();
                    answers.add(Arrays.copyOf(buffer.array(), buffer.limit()));
                    buffer.clear();
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not exchange datagrams on " + INTERFACE, e);
        }
        return answers;
    }

    /**
     * Joins the group on {@code lo} and keeps every datagram sent to it, as text, until closed: what
     * any listener on the link hears.
     */
    public Listener listen() {
        return new Listener(joinGroup());
    }

    /**
     * A channel bound to the fixture's port (shared with other listeners) that joined the group on
     * {@code lo}: it hears what any listener on the link hears, and may answer each sender.
     */
    public DatagramChannel joinGroup() {
        try {
            DatagramChannel channel = DatagramChannel.open(java.net.StandardProtocolFamily.INET);
            channel.setOption(java.net.StandardSocketOptions.SO_REUSEADDR, true);
            channel.bind(new InetSocketAddress(port));
            channel.join(java.net.InetAddress.getByName(DiscoveryConfig.STANDARD_GROUP),
                    java.net.NetworkInterface.getByName(INTERFACE));
            return channel;
        } catch (IOException e) {
            throw new UncheckedIOException("could not join the group on " + INTERFACE, e);
        }
    }

    /** The datagrams heard on the group, in arrival order. */
    public static final class Listener implements AutoCloseable {
        private final DatagramChannel channel;
        private final List<String> heard = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final Thread reader;

        private Listener(DatagramChannel channel) {
            this.channel = channel;
            this.reader = new Thread(this::read, "discovery-listener");
            reader.setDaemon(true);
            reader.start();
        }

        private void read() {
            ByteBuffer buffer = ByteBuffer.allocate(70_000);
            while (channel.isOpen()) {
                try {
                    buffer.clear();
                    channel.receive(buffer);
                    buffer.flip();
                    heard.add(java.nio.charset.StandardCharsets.UTF_8.decode(buffer).toString());
                } catch (IOException e) {
                    return;
                }
            }
        }

        /** Every datagram heard so far. */
        public List<String> heard() {
            return List.copyOf(heard);
        }

        @Override
        public void close() {
            try {
                channel.close();
                reader.join(1000);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private InetSocketAddress group() {
        return new InetSocketAddress(DiscoveryConfig.STANDARD_GROUP, port);
    }

    /** Whether a socket could take the UDP port alone now, i.e. nothing on this machine has it open. */
    public boolean portIsUnused() {
        try (DatagramSocket socket = new DatagramSocket(null)) {
            socket.setReuseAddress(false);
            socket.bind(new InetSocketAddress(port));
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
