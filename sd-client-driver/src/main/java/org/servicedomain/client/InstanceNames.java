package org.servicedomain.client;

import java.net.URI;
import org.servicedomain.home.v1.InstanceInfo;

/**
 * How clients of the home port show an instance to people: by the name the node tells (registered,
 * else its WSDL service's), with the endpoint's host:port as secondary detail; by the endpoint's
 * host:port and path only when the node tells no name (a node older than names).
 */
public final class InstanceNames {

    private InstanceNames() {
    }

    /** The instance's name as the node tells it, else its endpoint's host:port and path. */
    public static String of(InstanceInfo instance) {
        if (instance.getName() != null && !instance.getName().isBlank()) {
            return instance.getName();
        }
        String address = instance.getEndpointAddress();
        return address == null ? instance.getInstanceId() : fromAddress(address);
    }

    /**
     * The host:port and path of an address, or the address itself when it is not a URI with a host. The node
     * names unnamed instances this way too, so a client and the node show the same words.
     */
    public static String fromAddress(String address) {
        try {
            URI uri = URI.create(address);
            return uri.getHost() == null ? address : hostPort(uri) + (uri.getRawPath() == null ? "" : uri.getRawPath());
        } catch (IllegalArgumentException e) {
            return address;
        }
    }

    /** The host:port of an address, or the address itself when it has none ("" for none). */
    public static String hostPort(String address) {
        if (address == null) {
            return "";
        }
        try {
            URI uri = URI.create(address);
            return uri.getHost() == null ? address : hostPort(uri);
        } catch (IllegalArgumentException e) {
            return address;
        }
    }

    private static String hostPort(URI uri) {
        return uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
    }
}
