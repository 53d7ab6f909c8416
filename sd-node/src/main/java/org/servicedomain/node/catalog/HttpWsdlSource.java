package org.servicedomain.node.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.classic.methods.HttpGet;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;

/** Fetches a provider's WSDL over HTTP(S), within a time and size limit. Close it with the node. */
public final class HttpWsdlSource implements WsdlSource, AutoCloseable {

    private final CloseableHttpClient http;
    private final long maxBytes;
    private final Duration timeout;

    /** @param resolver resolves a location's host at every connect; one that refuses denied networks keeps the fetch out of them */
    public HttpWsdlSource(Duration timeout, long maxBytes, DnsResolver resolver) {
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setDnsResolver(resolver)
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(timeout)).setSocketTimeout(Timeout.of(timeout)).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(timeout)).build())
                .disableCookieManagement()
                .disableRedirectHandling()
                .setUserAgent("sd-node")
                .build();
        this.maxBytes = maxBytes;
        this.timeout = timeout;
    }

    @Override
    public byte[] fetch(String location) {
        URI uri = parse(location);
        try {
            HttpGet get = new HttpGet(uri);
            return http.execute(get, response -> {
                if (response.getCode() != 200) {
                    throw ServiceDescriptionParser.unreadable(location, FetchCauses.status(uri, response.getCode()), null);
                }
                HttpEntity entity = response.getEntity();
                if (entity == null) {
                    throw ServiceDescriptionParser.unreadable(location, "the server sent no body", null);
                }
                InputStream body = entity.getContent();
                byte[] bytes = body.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
                if (bytes.length > maxBytes) {
                    get.cancel();
                    throw ServiceDescriptionParser.unreadable(location, "it is larger than " + maxBytes + " bytes", null);
                }
                body.close();
                return bytes;
            });
        } catch (IOException e) {
            throw ServiceDescriptionParser.unreadable(location, FetchCauses.of(uri, e, timeout), e);
        }
    }

    private static URI parse(String location) {
        try {
            URI uri = URI.create(location.trim());
            if (!"http".equalsIgnoreCase(uri.getScheme()) && !"https".equalsIgnoreCase(uri.getScheme())) {
                throw ServiceDescriptionParser.unreadable(location, "only http and https locations are fetched, not "
                        + (uri.getScheme() == null ? "a location without scheme" : "'" + uri.getScheme() + "'"), null);
            }
            if (uri.getRawUserInfo() != null) {
                throw ServiceDescriptionParser.unreadable(location, "it carries credentials (user:password@ before the"
                        + " host), which the node does not send; register a location without them", null);
            }
            return uri;
        } catch (IllegalArgumentException e) {
            String why = e.getCause() instanceof java.net.URISyntaxException syntax
                    ? syntax.getReason() + " at character " + (syntax.getIndex() + 1) : "malformed";
            throw ServiceDescriptionParser.unreadable(location, "it is not a URL (" + why + ")", e);
        }
    }

    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
    }
}
