package org.servicedomain.node.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.Objects;

/**
 * The addresses of a host that {@link ProviderNetworks} permits, looked up afresh each time a
 * connection is to be opened: a name that resolved into a permitted network at registration and
 * into a denied one later (DNS rebinding) is refused then. An IP literal is checked without a lookup.
 * The caller connects to one of the addresses returned, so no second lookup can change it.
 */
public final class PermittedAddresses {

    private final ProviderNetworks networks;
    private final HostResolver resolver;

    public PermittedAddresses(ProviderNetworks networks, HostResolver resolver) {
        this.networks = Objects.requireNonNull(networks, "networks");
        this.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * The permitted addresses of {@code host}, in the resolver's order; a {@link DeniedNetworkException}
     * when it has none, an {@link UnknownHostException} when it does not resolve.
     */
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress literal = Networks.literal(host);
        InetAddress[] all = literal != null ? new InetAddress[] {literal} : resolver.resolve(host);
        InetAddress[] permitted = Arrays.stream(all).filter(networks::permits).toArray(InetAddress[]::new);
        if (permitted.length == 0) {
            throw new DeniedNetworkException(host, all);
        }
        return permitted;
    }
}
