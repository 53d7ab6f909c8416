package org.servicedomain.node.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * A host resolved, but only into networks the node may not reach (its allow- and deny-lists of
 * provider networks); an unknown host to an HTTP client, its own type so that a fault can name the cause.
 * The message lists the addresses, for the log; {@link #reason()} names only the host.
 */
public final class DeniedNetworkException extends UnknownHostException {

    private static final long serialVersionUID = 1L;

    private final String host;

    /** @param addresses every address {@code host} resolved to, none of them permitted */
    public DeniedNetworkException(String host, InetAddress... addresses) {
        super(host + " resolves only to addresses in networks the node does not reach: "
                + Arrays.stream(addresses).map(InetAddress::getHostAddress).collect(Collectors.joining(", ", "[", "]")));
        this.host = host;
    }

    public String host() {
        return host;
    }

    /** Why nothing was sent to the host, in an operator's words, without its addresses. */
    public String reason() {
        return "host " + host + " resolves only to addresses in networks the node does not reach"
                + " (its allow- and deny-lists of provider networks)";
    }
}
