package org.servicedomain.node.engine.health;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.Prober;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundCall;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes an instance by fetching {@code ?wsdl} from its endpoint: a provider whose endpoint
 * serves its contract again is taken to be back. The calls go where the node may reach providers,
 * checked as each connection opens.
 */
public final class WsdlProbe implements InstanceProbe {

    private static final Logger LOG = LoggerFactory.getLogger(WsdlProbe.class);

    private final HttpCalls http;
    private final Duration timeout;
    private final long maxBytes;
    private final String prober;

    /**
     * @param http calls that reach providers only
     * @param maxBytes the largest WSDL read; a larger one fails the probe
     * @param prober this node's id, sent in {@value Prober#HEADER} with every probe; null sends none
     */
    public WsdlProbe(HttpCalls http, Duration timeout, long maxBytes, String prober) {
        this.http = http;
        this.timeout = timeout;
        this.maxBytes = maxBytes;
        this.prober = prober;
    }

    @Override
    public boolean passes(Instance instance) {
        String location = instance.endpointAddress() + (instance.endpointAddress().contains("?") ? "&wsdl" : "?wsdl");
        try {
            return http.await(OutboundCall.get(URI.create(location), timeout, maxBytes).with(Prober.HEADER, prober)).status() == 200;
        } catch (IOException | IllegalArgumentException e) {
            LOG.debug("probe of {} at {} failed: {}", instance.id(), location, e.toString());
            return false;
        }
    }
}
