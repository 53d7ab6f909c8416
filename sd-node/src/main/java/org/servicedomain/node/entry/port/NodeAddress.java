package org.servicedomain.node.entry.port;

import jakarta.servlet.ServletContext;
import jakarta.servlet.http.HttpServletRequest;

/** The node's addresses as a caller reached it through Tomcat, so published addresses work from where they asked. */
public final class NodeAddress {

    public static final String VIRTUAL_PORTS_PATH = "/services/ports/";

    /** The servlet context attribute holding the configured public base URL, if one is set. */
    public static final String PUBLIC_BASE_URL = "sd.publicBaseUrl";

    private NodeAddress() {
    }

    /**
     * The configured public base URL ({@code NodeConfig.publicBaseUrl}) when one is set, else
     * {@code scheme://host:port/contextPath} of the request (its Host header).
     */
    public static String base(HttpServletRequest request) {
        if (request.getServletContext() != null && request.getServletContext().getAttribute(PUBLIC_BASE_URL) instanceof String configured) {
            return configured;
        }
        return asked(request).base();
    }

    /** The entry {@code request} came in at, as its Host header names it. */
    static AskedAddress asked(HttpServletRequest request) {
        return new AskedAddress(request.getScheme(), request.getServerName(), request.getServerPort(), request.getContextPath());
    }

    /** Where clients are told to call virtual port {@code portName}: on the data plane, as the front advertises it. */
    public static String virtualPort(HttpServletRequest request, String portName) {
        ServletContext context = request.getServletContext();
        if (context != null && context.getAttribute(VirtualPortFront.ATTRIBUTE) instanceof VirtualPortFront front) {
            return front.address(asked(request), portName);
        }
        return base(request) + VIRTUAL_PORTS_PATH + portName;
    }
}
