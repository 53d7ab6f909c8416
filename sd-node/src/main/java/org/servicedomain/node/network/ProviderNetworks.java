package org.servicedomain.node.network;

import java.net.InetAddress;
import java.util.Objects;

/**
 * The networks the node may reach on a caller's behalf: WSDL fetches and endpoint addresses of
 * registrations. An address in {@code allowed} is reachable; else one in {@code denied} is not; else
 * it is reachable when {@code allowed} is empty (no allow-list) and not when it is.
 */
public record ProviderNetworks(Networks allowed, Networks denied) {

    /** "This host", and the unspecified IPv6 address; connecting to them reaches the node's own machine. */
    private static final Networks THIS_HOST = Networks.parse("0.0.0.0/8, ::/128");

    public ProviderNetworks {
        Objects.requireNonNull(allowed, "allowed");
        Objects.requireNonNull(denied, "denied");
    }

    /**
     * The default: loopback, "this host" and link-local (where cloud metadata services answer) are
     * denied, except that a node listening only on loopback may reach loopback providers.
     */
    public static ProviderNetworks defaultFor(boolean listensOnlyOnLoopback) {
        Networks denied = Networks.LINK_LOCAL;
        return new ProviderNetworks(Networks.NONE, listensOnlyOnLoopback ? denied : denied.and(Networks.LOOPBACK).and(THIS_HOST));
    }

    /** The default deny list with {@code allowed} as allow-list, or {@code denied} when given instead of the default. */
    public static ProviderNetworks of(String allowed, String denied, boolean listensOnlyOnLoopback) {
        ProviderNetworks defaults = defaultFor(listensOnlyOnLoopback);
        return new ProviderNetworks(Networks.parse(allowed), denied == null || denied.isBlank() ? defaults.denied()
                : Networks.parse(denied));
    }

    public boolean permits(InetAddress address) {
        if (allowed.contains(address)) {
            return true;
        }
        if (denied.contains(address)) {
            return false;
        }
        return allowed.isEmpty();
    }
}
