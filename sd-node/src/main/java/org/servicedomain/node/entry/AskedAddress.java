package org.servicedomain.node.entry;

/**
 * How a caller reached the node: the scheme, host (an IPv6 literal in brackets) and port of the
 * entry it asked, and the node's context path, so an advertised address works from where it asked.
 */
record AskedAddress(String scheme, String host, int port, String contextPath) {

    AskedAddress {
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
    }

    /**
     * The address a client reached through a {@code Host} header ({@code host}, {@code host:port},
     * {@code [v6]:port}); the entry's own port when the header names none, {@code fallbackHost} when there is no header.
     */
    static AskedAddress fromHostHeader(String scheme, String hostHeader, String fallbackHost, int entryPort, String contextPath) {
        if (hostHeader == null || hostHeader.isBlank()) {
            return new AskedAddress(scheme, fallbackHost, entryPort, contextPath);
        }
        int colon = hostHeader.lastIndexOf(':');
        boolean hasPort = colon > hostHeader.lastIndexOf(']');
        String host = hasPort ? hostHeader.substring(0, colon) : hostHeader;
        int port = entryPort;
        if (hasPort) {
            try {
                port = Integer.parseInt(hostHeader.substring(colon + 1));
            } catch (NumberFormatException e) {
                host = hostHeader;
            }
        }
        return new AskedAddress(scheme, host, port, contextPath);
    }

    /** {@code scheme://host:port/contextPath}. */
    String base() {
        return scheme + "://" + host + ":" + port + contextPath;
    }
}
