package org.servicedomain.node.dispatch;

import static io.netty.handler.codec.http.HttpResponseStatus.NOT_FOUND;
import static io.netty.handler.codec.http.HttpResponseStatus.REQUEST_TIMEOUT;
import static io.netty.handler.codec.http.HttpResponseStatus.SERVICE_UNAVAILABLE;
import static io.netty.handler.codec.http.HttpResponseStatus.TOO_MANY_REQUESTS;

import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.Prober;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.tracing.TraceHeaders;

/**
 * Dispatches a SOAP 1.1 or SOAP 1.2 request to an instance over HTTP, forwarding the client's
 * bytes, Content-Type and SOAPAction unchanged; an HTTP error without a SOAP fault is a failed
 * dispatch, a provider's own SOAP fault is an answer. The request carries the call's W3C
 * {@code traceparent} (and {@code tracestate}) as the attempt's trace names them.
 */
public final class HttpInstanceDispatcher implements InstanceDispatcher {

    /**
     * Error statuses by which a server says it did not act on the request: no such resource (a
     * provider's application not deployed, or stopping), the request not received in time, too many
     * requests, unavailable. A request answered so may be sent elsewhere whatever its operation.
     */
    private static final Set<Integer> NOT_PROCESSED = Set.of(NOT_FOUND.code(), REQUEST_TIMEOUT.code(),
            TOO_MANY_REQUESTS.code(), SERVICE_UNAVAILABLE.code());

    private final SoapTransport http;

    /** @param http the transport; closed with this dispatcher */
    public HttpInstanceDispatcher(SoapTransport http) {
        this.http = http;
    }

    @Override
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout) {
        Prober prober = request.tag(Prober.class);
        return (prober == null ? http.post(instance.endpointAddress(), request, timeout, TraceHeaders.added(request))
                : http.post(instance.endpointAddress(), request, timeout, TraceHeaders.added(request, Prober.HEADER, prober.id())))
                .thenApply(HttpInstanceDispatcher::usable);
    }

    /** As {@link #dispatch(Instance, RequestContext, Duration)}, with {@code headers} (name, value pairs) added to the request. */
    public CompletableFuture<ProviderReply> dispatch(Instance instance, RequestContext request, Duration timeout,
            String... headers) {
        return http.post(instance.endpointAddress(), request, timeout, TraceHeaders.added(request, headers))
                .thenApply(HttpInstanceDispatcher::usable);
    }

    private static ProviderReply usable(ProviderReply reply) {
        if (reply.status() >= 300 && !SoapFaultRecognizer.isSoapFault(reply.body())) {
            throw new CompletionException(new DispatchException(DispatchException.Kind.HTTP_ERROR,
                    !NOT_PROCESSED.contains(reply.status()), "HTTP " + reply.status() + " without a SOAP fault", null));
        }
        return reply;
    }

    @Override
    public void close() {
        http.close();
    }
}
