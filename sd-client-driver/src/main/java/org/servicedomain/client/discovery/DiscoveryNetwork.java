package org.servicedomain.client.discovery;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.net.UnknownHostException;
import java.nio.channels.DatagramChannel;
import java.util.Collections;

/**
 * Where WS-Discovery multicast goes: the group (239.255.255.250), the port (3702), the interface
 * ({@code lo} in tests; by default the first multicast interface that is up and not loopback) and
 * the TTL (1, the local link).
 */
public record DiscoveryNetwork(String interfaceName, InetAddress group, int port, int ttl) {

    public static final int STANDARD_PORT = 3702;

    /** The standard group and port on {@code interfaceName} (null for the default interface). */
    public static DiscoveryNetwork standard(String interfaceName) {
        return on(interfaceName, STANDARD_PORT);
    }

    /** The standard group on {@code interfaceName} and {@code port}. */
    public static DiscoveryNetwork on(String interfaceName, int port) {
        try {
            return new DiscoveryNetwork(interfaceName, InetAddress.getByName("239.255.255.250"), port, 1);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("a literal address did not parse", e);
        }
    }

    InetSocketAddress groupAddress() {
        return new InetSocketAddress(group, port);
    }

    /** A socket on an ephemeral port that sends to the group on this interface and hears unicast answers. */
    DatagramChannel openSender() throws IOException {
        NetworkInterface nif = networkInterface();
        DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
        try {
            channel.bind(new InetSocketAddress(0));
            channel.setOption(StandardSocketOptions.IP_MULTICAST_IF, nif);
            channel.setOption(StandardSocketOptions.IP_MULTICAST_LOOP, true);
            channel.setOption(StandardSocketOptions.IP_MULTICAST_TTL, ttl);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /**
     * A socket on the group's port that has joined the group on this interface: it hears every Hello
     * and Bye sent there. Other sockets (a node, another client) may hold the same port.
     */
    DatagramChannel openListener() throws IOException {
        NetworkInterface nif = networkInterface();
        DatagramChannel channel = DatagramChannel.open(StandardProtocolFamily.INET);
        try {
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.bind(new InetSocketAddress(port));
            channel.join(group, nif);
            return channel;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    NetworkInterface networkInterface() throws SocketException {
        if (interfaceName != null) {
            NetworkInterface nif = NetworkInterface.getByName(interfaceName);
            if (nif == null) {
                throw new SocketException("no network interface " + interfaceName);
            }
            return nif;
        }
        for (NetworkInterface nif : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (nif.isUp() && nif.supportsMulticast() && !nif.isLoopback()) {
                return nif;
            }
        }
        throw new SocketException("no network interface is up for multicast; name one");
    }
}
