package org.servicedomain.node.entry;

import jakarta.servlet.http.HttpServletRequest;

/** The node's addresses as a caller reached it, so published addresses work from where they asked. */
final class NodeAddress {

    static final String VIRTUAL_PORTS_PATH = "/services/ports/";

    private NodeAddress() {
    }

    /** The servlet context attribute holding the configured public base URL, if one is set. */
    static final String PUBLIC_BASE_URL = "sd.publicBaseUrl";

    /**
     * The configured public base URL ({@code NodeConfig.publicBaseUrl}) when one is set, else
     * {@code scheme://host:port/contextPath} of the request (its Host header).
     */
    static String base(HttpServletRequest request) {
        if (request.getServletContext() != null && request.getServletContext().getAttribute(PUBLIC_BASE_URL) instanceof String configured) {
            return configured;
        }
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
