package org.servicedomain.node.catalog;

import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses a registration's endpoint address whose host resolves only into networks {@link ProviderNetworks}
 * denies. Dispatch checks again at every connect ({@link PermittedAddresses}), since a name may resolve elsewhere later.
 */
public final class EndpointNetworks implements EndpointCheck {

    private static final Logger LOG = LoggerFactory.getLogger(EndpointNetworks.class);

    private final PermittedAddresses addresses;

    public EndpointNetworks(PermittedAddresses addresses) {
        this.addresses = addresses;
    }

    @Override
    public void check(String endpointAddress) {
        String host;
        try {
            host = URI.create(endpointAddress.trim()).getHost();
        } catch (IllegalArgumentException e) {
            return; // not a URL: the catalog refuses it with its own message
        }
        if (host == null) {
            return;
        }
        try {
            InetAddress[] ignored = addresses.resolve(host);
        } catch (UnknownHostException e) {
            LOG.info("endpoint {} refused: {}", LogText.of(endpointAddress), LogText.of(e.getMessage()));
            throw new NodeFault(FaultCode.BadRequest, "endpoint address " + endpointAddress
                    + " is not one the node dispatches to (unknown host, or a network it does not reach)");
        }
    }
}
