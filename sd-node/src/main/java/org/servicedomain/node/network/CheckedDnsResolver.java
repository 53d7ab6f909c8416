package org.servicedomain.node.network;

import java.net.InetAddress;
import java.net.UnknownHostException;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.SystemDefaultDnsResolver;

/**
 * HttpClient 5's host resolution through {@link PermittedAddresses}: the client asks it for every
 * connection it opens, and connects only to an address it returns (no second lookup to rebind).
 */
public final class CheckedDnsResolver implements DnsResolver {

    private final PermittedAddresses addresses;

    public CheckedDnsResolver(PermittedAddresses addresses) {
        this.addresses = addresses;
    }

    @Override
    public InetAddress[] resolve(String host) throws UnknownHostException {
        return addresses.resolve(host);
    }

    @Override
    public String resolveCanonicalHostname(String host) throws UnknownHostException {
        return SystemDefaultDnsResolver.INSTANCE.resolveCanonicalHostname(host);
    }
}
