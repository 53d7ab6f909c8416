package org.servicedomain.node.entry.port;

import org.servicedomain.node.NodeConfig;

/**
 * Where the node tells clients to call its virtual ports: the configured public address of the data
 * plane (or the node's public base URL), else the event-loop data plane's own port on the host the
 * caller used, else the entry the caller asked (a WAR in a stock Tomcat has no data plane of its own).
 *
 * @param publicUrl the configured public address, or null
 * @param scheme the data plane's scheme once it serves
 * @param port the data plane's port once it serves; 0 before
 */
record DataPlane(String publicUrl, String scheme, int port) {

    static DataPlane of(NodeConfig config) {
        return new DataPlane(config.publicAddresses().dataUrl() != null ? config.publicAddresses().dataUrl() : config.publicAddresses().baseUrl(), null, 0);
    }

    DataPlane servedAt(String servingScheme, int servingPort) {
        return new DataPlane(publicUrl, servingScheme, servingPort);
    }

    /** The base URL (up to and with the context path) of the virtual ports, for a caller that asked at {@code asked}. */
    String base(AskedAddress asked) {
        if (publicUrl != null) {
            return publicUrl;
        }
        if (port > 0) {
            return scheme + "://" + asked.host() + ":" + port + asked.contextPath();
        }
        return asked.base();
    }
}
