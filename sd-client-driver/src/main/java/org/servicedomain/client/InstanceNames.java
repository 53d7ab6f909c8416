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
        try {
            URI uri = URI.create(address);
            return uri.getHost() == null ? address : hostPort(address) + (uri.getRawPath() == null ? "" : uri.getRawPath());
        } catch (IllegalArgumentException | NullPointerException e) {
            return address == null ? instance.getInstanceId() : address;
        }
    }

    /** The host:port of an address, or the address itself when it has none ("" for none). */
    public static String hostPort(String address) {
        if (address == null) {
            return "";
        }
        try {
            URI uri = URI.create(address);
            return uri.getHost() == null ? address : uri.getHost() + (uri.getPort() < 0 ? "" : ":" + uri.getPort());
        } catch (IllegalArgumentException e) {
            return address;
        }
    }
}
