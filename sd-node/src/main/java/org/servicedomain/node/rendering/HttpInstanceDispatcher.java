package org.servicedomain.node.rendering;

import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Set;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.classic.methods.HttpPost;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.classic.CloseableHttpClient;
import org.apache.hc.client5.http.impl.classic.HttpClients;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManager;
import org.apache.hc.client5.http.impl.io.PoolingHttpClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.http.ClassicHttpResponse;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.NoHttpResponseException;
import org.apache.hc.core5.http.HttpStatus;
import org.apache.hc.core5.http.Header;
import org.apache.hc.core5.http.HttpEntity;
import org.apache.hc.core5.http.io.entity.ByteArrayEntity;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * Dispatches a SOAP 1.1 or SOAP 1.2 request to an instance over HTTP, forwarding the client's
 * bytes, Content-Type and SOAPAction unchanged, on pooled keep-alive connections.
 */
public final class HttpInstanceDispatcher implements InstanceDispatcher {

    /**
     * Error statuses by which a server says it did not act on the request: no such resource (a
     * provider's application not deployed, or stopping), the request not received in time, too many
     * requests, unavailable. A request answered so may be sent elsewhere whatever its operation.
     */
    private static final Set<Integer> NOT_PROCESSED = Set.of(HttpStatus.SC_NOT_FOUND, HttpStatus.SC_REQUEST_TIMEOUT,
            HttpStatus.SC_TOO_MANY_REQUESTS, HttpStatus.SC_SERVICE_UNAVAILABLE);

    private final CloseableHttpClient http;
    private final PoolingHttpClientConnectionManager connections;
    private final long maxReplyBytes;

    public HttpInstanceDispatcher(Duration connectTimeout, int maxPerInstance, int maxTotal, long maxReplyBytes) {
        this.connections = PoolingHttpClientConnectionManagerBuilder.create()
                .setMaxConnPerRoute(maxPerInstance)
                .setMaxConnTotal(maxTotal)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(connectTimeout))
                        .setValidateAfterInactivity(TimeValue.ofSeconds(2))
                        .build())
                .build();
        this.http = HttpClients.custom()
                .setConnectionManager(connections)
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableContentCompression()
                .disableAuthCaching()
                .setUserAgent("sd-node")
                .build();
        this.maxReplyBytes = maxReplyBytes;
    }

    @Override
    public ProviderReply dispatch(Instance instance, RequestContext request, Duration timeout) throws DispatchException {
        HttpPost post = new HttpPost(instance.endpointAddress());
        post.setConfig(RequestConfig.custom()
                .setResponseTimeout(Timeout.of(timeout))
                .setConnectionRequestTimeout(Timeout.of(timeout))
                .build());
        post.setEntity(new ByteArrayEntity(request.body(), null));
        if (request.contentType() != null) {
            post.setHeader("Content-Type", request.contentType());
        }
        if (request.soapAction() != null) {
            post.setHeader("SOAPAction", request.soapAction());
        }
        HttpClientContext context = HttpClientContext.create();
        try {
            ProviderReply reply = http.execute(post, context, response -> readReply(post, response));
            if (reply.status() >= 300 && !SoapFaultRecognizer.isSoapFault(reply.body())) {
                throw new DispatchException(DispatchException.Kind.HTTP_ERROR, !NOT_PROCESSED.contains(reply.status()),
                        "HTTP " + reply.status() + " without a SOAP fault", null);
            }
            return reply;
        } catch (ConnectTimeoutException e) {
            throw new DispatchException(DispatchException.Kind.TIMEOUT, false, "no connection within the connect timeout", e);
        } catch (SocketTimeoutException e) {
            throw new DispatchException(DispatchException.Kind.TIMEOUT, "no response within " + timeout.toMillis() + " ms", e);
        } catch (ReplyTooLargeException e) {
            throw new DispatchException(DispatchException.Kind.PROTOCOL, e.getMessage(), e);
        } catch (ConnectException | UnknownHostException | NoRouteToHostException | ConnectionRequestTimeoutException e) {
            throw new DispatchException(DispatchException.Kind.CONNECTION, false, describe(e), e);
        } catch (NoHttpResponseException e) {
            throw new DispatchException(DispatchException.Kind.CONNECTION, !closedWhileKeptAlive(context), describe(e), e);
        } catch (IOException e) {
            throw new DispatchException(DispatchException.Kind.CONNECTION, true, describe(e), e);
        }
    }

    private ProviderReply readReply(HttpPost post, ClassicHttpResponse response) throws IOException {
        HttpEntity entity = response.getEntity();
        byte[] body = new byte[0];
        if (entity != null) {
            InputStream in = entity.getContent();
            body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxReplyBytes + 1));
            if (body.length > maxReplyBytes) {
                post.cancel();
                throw new ReplyTooLargeException("reply larger than " + maxReplyBytes + " bytes");
            }
            in.close();
        }
        Header contentType = response.getFirstHeader("Content-Type");
        return new ProviderReply(response.getCode(), contentType == null ? null : contentType.getValue(), body);
    }

    /**
     * Whether a connection that ended without a byte of response had answered earlier requests: then
     * the provider most likely closed it while idle, as the request went out (a keep-alive race, which
     * net/http clients also treat as "not sent"), rather than crashing while acting on the request.
     */
    private static boolean closedWhileKeptAlive(HttpClientContext context) {
        EndpointDetails endpoint = context.getEndpointDetails();
        return endpoint != null && endpoint.getResponseCount() > 0;
    }

    private static String describe(IOException e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
        connections.close(CloseMode.GRACEFUL);
    }

    private static final class ReplyTooLargeException extends IOException {
        ReplyTooLargeException(String message) {
            super(message);
        }
    }
}
