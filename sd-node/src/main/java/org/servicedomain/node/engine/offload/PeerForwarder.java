package org.servicedomain.node.engine.offload;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.Timeout;
import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;

/**
 * Sends a request on to a peer node's virtual port exactly as the client sent it, marked with the
 * hop header so the peer serves it itself, and with the time the client still waits; brings back
 * the peer's answer, which may be a fault, unchanged.
 */
public final class PeerForwarder implements AutoCloseable {

    private final CloseableHttpClient http;
    private final long maxReplyBytes;

    public PeerForwarder(Duration connectTimeout, int maxConnections, long maxReplyBytes) {
        this.http = HttpClients.custom()
                .setConnectionManager(PoolingHttpClientConnectionManagerBuilder.create()
                        .setMaxConnPerRoute(maxConnections).setMaxConnTotal(maxConnections).build())
                .setDefaultRequestConfig(RequestConfig.custom().setConnectTimeout(Timeout.of(connectTimeout)).build())
                .disableAutomaticRetries().disableRedirectHandling().disableCookieManagement()
                .setUserAgent("sd-node-offload").build();
        this.maxReplyBytes = maxReplyBytes;
    }

    /** The peer's answer to {@code request}, sent to {@code port} with at most {@code timeout} to answer. */
    public ProviderReply forward(URI port, RequestContext request, Duration timeout) throws DispatchException {
        HttpPost post = new HttpPost(port);
        post.setConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(timeout))
                .setConnectionRequestTimeout(Timeout.of(timeout)).build());
        post.setEntity(new ByteArrayEntity(request.body(), null));
        if (request.contentType() != null) {
            post.setHeader("Content-Type", request.contentType());
        }
        if (request.soapAction() != null) {
            post.setHeader("SOAPAction", request.soapAction());
        }
        post.setHeader(Offload.HOP_HEADER, "1");
        post.setHeader(Deadline.HEADER, Long.toString(Math.max(1, timeout.toMillis())));
        try {
            return http.execute(post, response -> {
                byte[] body = new byte[0];
                if (response.getEntity() != null) {
                    try (InputStream in = response.getEntity().getContent()) {
                        body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxReplyBytes + 1));
                    }
                    if (body.length > maxReplyBytes) {
                        throw new IOException("reply larger than " + maxReplyBytes + " bytes");
                    }
                }
                Header type = response.getFirstHeader("Content-Type");
                return new ProviderReply(response.getCode(), type == null ? null : type.getValue(), body);
            });
        } catch (SocketTimeoutException e) {
            throw new DispatchException(DispatchException.Kind.TIMEOUT, "peer " + port + " gave no answer within "
                    + timeout.toMillis() + " ms", e);
        } catch (IOException e) {
            throw new DispatchException(DispatchException.Kind.CONNECTION, "peer " + port + ": " + e, e);
        }
    }

    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
    }
}
