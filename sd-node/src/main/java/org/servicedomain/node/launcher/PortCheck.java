package org.servicedomain.node.launcher;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Checks, before Tomcat starts, that the launcher's port is free, so that a port already in use is
 * one clear line and exit code {@value #EXIT_CODE} rather than Tomcat's stack traces.
 */
final class PortCheck {

    /** The launcher's exit code when its port is taken (2 is for usage errors). */
    static final int EXIT_CODE = 3;

    private PortCheck() {
    }

    /** The line to print when {@code port} on {@code host} (null: every interface) cannot be bound; null when it can. */
    static String inUse(String host, int port) {
        return inUse(host, port, "--port");
    }

    /** As {@link #inUse(String, int)}, naming {@code option} as the one that chooses another port. */
    static String inUse(String host, int port, String option) {
        if (port == 0) {
            return null;
        }
        InetSocketAddress address = host == null ? new InetSocketAddress(port) : new InetSocketAddress(host, port);
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(address);
            return null;
        } catch (BindException e) {
            return "sd-node: port " + port + (host == null ? "" : " on " + host) + " is already in use (" + e.getMessage()
                    + "); stop what uses it or choose another port with " + option;
        } catch (IOException e) {
            return "sd-node: cannot listen on port " + port + (host == null ? "" : " on " + host) + ": " + e.getMessage();
        }
    }
}
