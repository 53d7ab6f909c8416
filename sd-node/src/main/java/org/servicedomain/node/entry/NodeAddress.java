package org.servicedomain.node.entry;

import jakarta.servlet.http.HttpServletRequest;

/** The node's addresses as a caller reached it, so published addresses work from where they asked. */
final class NodeAddress {

    static final String VIRTUAL_PORTS_PATH = "/services/ports/";

    private NodeAddress() {
    }

    /** {@code scheme://host:port/contextPath} of the request. */
    static String base(HttpServletRequest request) {
        String host = request.getServerName();
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        return request.getScheme() + "://" + host + ":" + request.getServerPort() + request.getContextPath();
    }

    static String virtualPort(HttpServletRequest request, String portName) {
        return base(request) + VIRTUAL_PORTS_PATH + portName;
    }
}
