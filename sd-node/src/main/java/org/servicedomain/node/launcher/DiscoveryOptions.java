package org.servicedomain.node.launcher;

import java.util.ArrayList;
import java.util.List;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryMode;

/**
 * The launcher's WS-Discovery options: {@code --discovery adhoc|managed|off} (default off: no UDP
 * socket is opened), {@code --discovery-interface NAME} (default: the first multicast interface that is
 * up and not loopback), {@code --discovery-port 3702} and {@code --discovery-scopes URI,...}.
 */
final class DiscoveryOptions {

    private DiscoveryMode mode = DiscoveryMode.OFF;
    private String interfaceName;
    private int port = DiscoveryConfig.STANDARD_PORT;
    private final List<String> scopes = new ArrayList<>();

    /** Takes {@code flag} if it is a discovery option; returns whether it was. */
    boolean accept(String flag, String value) {
        switch (flag) {
            case "--discovery" -> mode = DiscoveryMode.of(value);
            case "--discovery-interface" -> interfaceName = value;
            case "--discovery-port" -> port = port(value);
            case "--discovery-scopes" -> {
                for (String scope : value.split("[,\\s]+")) {
                    if (!scope.isBlank()) {
                        scopes.add(scope(scope));
                    }
                }
            }
            default -> {
                return false;
            }
        }
        return true;
    }

    DiscoveryConfig config() {
        return DiscoveryConfig.of(mode, interfaceName, port, scopes);
    }

    private static int port(String value) {
        try {
            int n = Integer.parseInt(value);
            if (n < 1 || n > 65535) {
                throw new IllegalArgumentException("--discovery-port must be between 1 and 65535 but was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--discovery-port needs a number but got " + value, e);
        }
    }

    private static String scope(String scope) {
        try {
            if (!new java.net.URI(scope).isAbsolute()) {
                throw new IllegalArgumentException("--discovery-scopes needs absolute URIs but got " + scope);
            }
            return scope;
        } catch (java.net.URISyntaxException e) {
            throw new IllegalArgumentException("--discovery-scopes: " + scope + " is not a URI", e);
        }
    }
}
