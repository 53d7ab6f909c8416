package org.servicedomain.node;

import java.time.Duration;
import java.util.Objects;
import org.servicedomain.node.outbound.TrustStore;

/**
 * How the node reaches providers, children and peers: how long it waits to connect or for a WSDL, how many
 * connections it holds open to them, and whose certificates it trusts over HTTPS.
 *
 * @param connectTimeout how long a connection to a provider, child, peer or the event receiver may take to open
 * @param wsdlFetchTimeout how long reading a WSDL (or a child's topology) may take
 * @param maxConnectionsPerInstance the most connections open to one instance at once
 * @param maxConnectionsTotal the most outbound connections open at once
 * @param trustStore the certificates an HTTPS server must present a chain to; null for the JVM's
 */
public record OutboundLimits(Duration connectTimeout, Duration wsdlFetchTimeout, int maxConnectionsPerInstance,
        int maxConnectionsTotal, TrustStore trustStore) {

    public OutboundLimits {
        NodeConfig.requirePositive("connectTimeout", Objects.requireNonNull(connectTimeout, "connectTimeout").toMillis());
        NodeConfig.requirePositive("wsdlFetchTimeout", Objects.requireNonNull(wsdlFetchTimeout, "wsdlFetchTimeout").toMillis());
        NodeConfig.requirePositive("maxConnectionsPerInstance", maxConnectionsPerInstance);
        NodeConfig.requirePositive("maxConnectionsTotal", maxConnectionsTotal);
    }
}
