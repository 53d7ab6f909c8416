package org.servicedomain.node.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;
import org.servicedomain.node.catalog.DeniedNetworkException;

/**
 * Resolves host names for outbound fetches and keeps only the addresses {@link ProviderNetworks}
 * permits, so the connection goes to an address that was checked (no second lookup to rebind).
 */
public final class CheckedDnsResolver implements DnsResolver {

    private final ProviderNetworks networks;

    public CheckedDnsResolver(ProviderNetworks networks) {
        this.networks = networks;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        InetAddress[] all = SystemDefaultDnsResolver.INSTANCE.resolve(host);
        InetAddress[] permitted = Arrays.stream(all).filter(networks::permits).toArray(InetAddress[]::new);
        if (permitted.length == 0) {
            throw new DeniedNetworkException(host + " resolves only to addresses in networks the node does not reach: "
                    + Arrays.toString(all));
        }
        return permitted;
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
    }
}
