package org.servicedomain.node.engine.health;

import java.io.IOException;
import java.time.Duration;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.io.entity.EntityUtils;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.Prober;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Probes an instance by fetching {@code ?wsdl} from its endpoint: a provider whose endpoint
 * serves its contract again is taken to be back. Each connection resolves the endpoint's host
 * through the given resolver, so a probe reaches only networks the node may reach for providers.
 */
public final class WsdlProbe implements InstanceProbe, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WsdlProbe.class);

    private final CloseableHttpClient http;
    private final String prober;

    /**
     * @param prober this node's id, sent in {@value Prober#HEADER} with every probe; null sends none
     * @param resolver resolves an endpoint's host at every connect, keeping only the networks providers may be in
     */
    public WsdlProbe(Duration timeout, String prober, DnsResolver resolver) {
        this.prober = prober;
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(resolver)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(timeout)).setSocketTimeout(Timeout.of(timeout)).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom()
                        .setConnectionRequestTimeout(Timeout.of(timeout))
                        .setResponseTimeout(Timeout.of(timeout)).build())
                .disableAutomaticRetries().disableRedirectHandling().disableCookieManagement()
                .setUserAgent("sd-node-probe").build();
    }

    @Override
    public boolean passes(Instance instance) {
        String location = instance.endpointAddress() + (instance.endpointAddress().contains("?") ? "&wsdl" : "?wsdl");
        try {
            HttpGet get = new HttpGet(location);
            if (prober != null) {
                get.setHeader(Prober.HEADER, prober);
            }
            return http.execute(get, response -> {
                EntityUtils.consume(response.getEntity());
                return response.getCode() == 200;
            });
        } catch (IOException | IllegalArgumentException e) {
            LOG.debug("probe of {} at {} failed: {}", instance.id(), location, e.toString());
            return false;
        }
    }

    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
    }
}
