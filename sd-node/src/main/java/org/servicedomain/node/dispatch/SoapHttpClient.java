package org.servicedomain.node.dispatch;

import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeoutException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.DnsResolver;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManager;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.client5.http.protocol.HttpClientContext;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ConnectionClosedException;
import org.apache.hc.core5.http.EndpointDetails;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.Method;
import org.apache.hc.core5.http.RequestNotExecutedException;
import org.apache.hc.core5.http.message.BasicHttpRequest;
import org.apache.hc.core5.http.nio.entity.BasicAsyncEntityProducer;
import org.apache.hc.core5.http.nio.support.BasicRequestProducer;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorConfig;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.servicedomain.node.catalog.DeniedNetworkException;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;

/**
 * Posts a SOAP message to an HTTP address on pooled keep-alive connections of HttpClient 5's
 * asynchronous client: the client's bytes, Content-Type and SOAPAction go out unchanged, the
 * answer comes back on an I/O thread, and no thread waits in between. Failures become
 * {@link DispatchException}s that say whether the request may have reached the server.
 * Every new connection resolves its host through the given resolver.
 */
public final class SoapHttpClient implements SoapTransport {

    /** Parsed addresses, so a request does not parse a URI; bounded, since addresses come and go. */
    private static final int MAX_TARGETS = 10_000;

    private final CloseableHttpAsyncClient http;
    private final PoolingAsyncClientConnectionManager connections;
    private final long maxReplyBytes;
    private final Map<String, Target> targets = new ConcurrentHashMap<>();

    private record Target(HttpHost host, String path) {
        static Target of(String address) {
            URI uri = URI.create(address);
            String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
            return new Target(HttpHost.create(uri), uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery());
        }
    }

    /**
     * @param resolver resolves a host at every connect: one that keeps only permitted networks for providers
     *     ({@link org.servicedomain.node.network.CheckedDnsResolver}), the system's for the operator's own peers
     */
    public SoapHttpClient(String userAgent, Duration connectTimeout, int maxPerAddress, int maxTotal, long maxReplyBytes,
            DnsResolver resolver) {
        this.connections = PoolingAsyncClientConnectionManagerBuilder.create()
                .setDnsResolver(resolver)
                .setMaxConnPerRoute(maxPerAddress)
                .setMaxConnTotal(maxTotal)
                .setDefaultConnectionConfig(ConnectionConfig.custom()
                        .setConnectTimeout(Timeout.of(connectTimeout))
                        .setValidateAfterInactivity(TimeValue.ofSeconds(2))
                        .build())
                .build();
        this.http = HttpAsyncClients.custom()
                .setConnectionManager(connections)
                .setIOReactorConfig(IOReactorConfig.custom().setTcpNoDelay(true).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .disableAuthCaching()
                .disableConnectionState()
                .setUserAgent(userAgent)
                .build();
        this.http.start();
        this.maxReplyBytes = maxReplyBytes;
    }

    @Override
    public CompletableFuture<ProviderReply> post(String address, RequestContext request, Duration timeout,
            String... extraHeaders) {
        Target target = target(address);
        BasicHttpRequest post = new BasicHttpRequest(Method.POST, target.host(), target.path());
        if (request.contentType() != null) {
            post.setHeader("Content-Type", request.contentType());
        }
        if (request.soapAction() != null) {
            post.setHeader("SOAPAction", request.soapAction());
        }
        for (int i = 0; i + 1 < extraHeaders.length; i += 2) {
            post.setHeader(extraHeaders[i], extraHeaders[i + 1]);
        }
        HttpClientContext context = HttpClientContext.create();
        // HttpClient reads a zero timeout as none; a deadline reached as the request goes out leaves zero
        Timeout wait = timeout.toMillis() < 1 ? Timeout.ofMilliseconds(1) : Timeout.of(timeout);
        context.setRequestConfig(RequestConfig.custom()
                .setResponseTimeout(wait)
                .setConnectionRequestTimeout(wait)
                .build());
        CompletableFuture<ProviderReply> reply = new CompletableFuture<>();
        BoundedReplyConsumer consumer = new BoundedReplyConsumer(maxReplyBytes);
        http.execute(new BasicRequestProducer(post, new BasicAsyncEntityProducer(request.body(), null)),
                consumer, null, context, new FutureCallback<>() {
                    @Override
                    public void completed(ProviderReply result) {
                        reply.complete(result);
                    }

                    @Override
                    public void failed(Exception e) {
                        reply.completeExceptionally(failure(e, timeout, context, consumer));
                    }

                    @Override
                    public void cancelled() {
                        reply.completeExceptionally(new DispatchException(DispatchException.Kind.CONNECTION,
                                "the exchange was cancelled", null));
                    }
                });
        return reply;
    }

    private Target target(String address) {
        Target target = targets.get(address);
        if (target == null) {
            if (targets.size() >= MAX_TARGETS) {
                targets.clear();
            }
            target = targets.computeIfAbsent(address, Target::of);
        }
        return target;
    }

    private static DispatchException failure(Exception e, Duration timeout, HttpClientContext context,
            BoundedReplyConsumer consumer) {
        if (e instanceof ConnectTimeoutException) {
            return new DispatchException(DispatchException.Kind.TIMEOUT, false, "no connection within the connect timeout", e);
        }
        if (e instanceof DeniedNetworkException denied) {
            return new DispatchException(DispatchException.Kind.CONNECTION, false, denied.reason(), e);
        }
        if (e instanceof SocketTimeoutException) {
            return new DispatchException(DispatchException.Kind.TIMEOUT, "no response within " + timeout.toMillis() + " ms", e);
        }
        if (e instanceof BoundedReplyConsumer.ReplyTooLargeException) {
            return new DispatchException(DispatchException.Kind.PROTOCOL, e.getMessage(), e);
        }
        if (e instanceof ConnectException || e instanceof UnknownHostException || e instanceof NoRouteToHostException
                || e instanceof TimeoutException || e instanceof RequestNotExecutedException) {
            return new DispatchException(DispatchException.Kind.CONNECTION, false, describe(e), e);
        }
        if (e instanceof ConnectionClosedException) {
            return new DispatchException(DispatchException.Kind.CONNECTION, !closedWhileKeptAlive(context, consumer),
                    describe(e), e);
        }
        if (e instanceof IOException) {
            return new DispatchException(DispatchException.Kind.CONNECTION, true, describe(e), e);
        }
        return new DispatchException(DispatchException.Kind.PROTOCOL, describe(e), e);
    }

    /**
     * Whether a connection that ended before the response began had carried earlier requests: then
     * the server most likely closed it while idle, as the request went out (a keep-alive race, which
     * net/http clients also treat as "not sent"), rather than crashing while acting on the request.
     * (The asynchronous client counts requests per connection, not responses.)
     */
    private static boolean closedWhileKeptAlive(HttpClientContext context, BoundedReplyConsumer consumer) {
        EndpointDetails endpoint = context.getEndpointDetails();
        return !consumer.responseStarted() && endpoint != null && endpoint.getRequestCount() > 1;
    }

    private static String describe(Exception e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }

    /**
     * Closes the pooled connections and waits (a few seconds at most) for the I/O threads to end, so a
     * WAR that is undeployed leaves none of them behind.
     */
    @Override
    public void close() {
        http.close(CloseMode.GRACEFUL);
        connections.close(CloseMode.GRACEFUL);
        try {
            http.awaitShutdown(TimeValue.ofSeconds(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
