package org.servicedomain.testsupport;

import java.net.URI;

/**
 * The two ways into a node's virtual ports: Tomcat's servlet entry, and the relay on its own port
 * ({@code --relay-port}). A test that takes one as a parameter holds for both.
 */
public enum VirtualPortEntry {
    TOMCAT,
    RELAY;

    /** Where virtual port {@code name} of {@code node} answers through this entry. */
    public URI address(RunningNode node, String name) {
        return this == TOMCAT ? node.servletPortAddress(name) : node.relayedPortAddress(name);
    }
}
