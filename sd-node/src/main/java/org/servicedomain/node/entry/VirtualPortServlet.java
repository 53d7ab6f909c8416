package org.servicedomain.node.entry;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.MappedOperation;
import org.servicedomain.node.catalog.MappedOperationsWsdl;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.engine.Arrival;
import org.servicedomain.node.engine.RequestChain;
import org.servicedomain.node.engine.RequestTerms;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.engine.offload.Offload;
import org.servicedomain.node.policy.ActivePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The service entry of every virtual port ({@code /services/ports/{name}}): serves the port's
 * WSDL on {@code ?wsdl}; on POST goes asynchronous, reads the body without blocking, hands the
 * request to the {@link RequestChain} and writes back its answer (the provider's bytes, or the
 * node's fault) when it arrives. No thread waits for the client's body or for a provider.
 */
public final class VirtualPortServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(VirtualPortServlet.class);
    /** The longest a request may stay open whatever happens; every wait of the chain has a shorter bound of its own. */
    private static final Duration LAST_RESORT = Duration.ofMinutes(30);

    private final transient Catalog catalog;
    private final transient ActivePolicy policy;
    private final transient RequestChain chain;
    private final transient BodyWatch bodyWatch;
    private final long maxMessageBytes;

    public VirtualPortServlet(Catalog catalog, ActivePolicy policy, RequestChain chain, long maxMessageBytes,
            Duration bodyTimeout, long minBodyBytesPerSecond, Duration bodyRateWindow) {
        this.catalog = catalog;
        this.policy = policy;
        this.chain = chain;
        this.maxMessageBytes = maxMessageBytes;
        this.bodyWatch = new BodyWatch(bodyTimeout, minBodyBytesPerSecond, bodyRateWindow);
    }

    @Override
    public void destroy() {
        bodyWatch.close();
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        VirtualPort port = catalog.snapshot().port(portName(request)).orElse(null);
        if (port == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND, "no virtual port " + portName(request));
            return;
        }
        String query = request.getQueryString();
        if (query == null || !query.toLowerCase().startsWith("wsdl")) {
            response.setContentType("text/plain; charset=UTF-8");
            response.getWriter().write("Virtual port " + port.name() + " (" + port.portType() + "), SOAP "
                    + port.soapVersion().label() + ": POST SOAP requests here; the WSDL is at ?wsdl\n");
            return;
        }
        byte[] wsdl;
        try {
            wsdl = published(policy, port, NodeAddress.virtualPort(request, port.name())).getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            LOG.error("the WSDL of virtual port {} could not be built", port.name(), e);
            response.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR, "the node could not build this WSDL; see its log");
            return;
        }
        response.setContentType("text/xml; charset=UTF-8");
        response.setContentLength(wsdl.length);
        response.getOutputStream().write(wsdl);
    }

    /** The WSDL a virtual port publishes at {@code address}: its providers' contract plus the policy's mapped operations. */
    static String published(ActivePolicy policy, VirtualPort port, String address) {
        List<MappedOperation> mapped = policy.current().forPort(port.name()).mappings().stream()
                .map(m -> new MappedOperation(m.name(), m.operation(), m.arguments().keySet())).toList();
        return MappedOperationsWsdl.add(port.wsdl(address), port, mapped);
    }

    /** Tags the request with its id (the client's {@code X-Request-Id} if sane), echoes it, and starts the chain. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) {
        String requestId = RequestId.acceptOrCreate(request.getHeader(RequestId.HEADER));
        MDC.put(RequestId.MDC_KEY, requestId);
        try {
            response.setHeader(RequestId.HEADER, requestId);
            AsyncContext async = request.startAsync();
            async.setTimeout(LAST_RESORT.toMillis());
            Answer answer = new Answer(async, response, requestId, versionOf(request));
            async.addListener(answer);
            ArrivingBody body = ArrivingBodyReader.start(request, maxMessageBytes, bodyWatch);
            Arrival arrival = new Arrival(portName(request), request.getContentType(), request.getHeader("SOAPAction"),
                    request.getHeader(RequestTerms.TIMEOUT_HEADER), request.getHeader(Offload.HOP_HEADER) != null,
                    requestId, body);
            chain.handle(arrival).whenComplete((reply, error) -> {
                if (error == null) {
                    answer.reply(reply);
                } else {
                    answer.fault(Completions.cause(error), body.bytes().isCompletedExceptionally());
                }
            });
        } finally {
            MDC.remove(RequestId.MDC_KEY);
        }
    }

    private SoapVersion versionOf(HttpServletRequest request) {
        return versionOf(catalog, portName(request), request.getContentType());
    }

    /** The SOAP version of the named port, or the one the content type names when there is no such port. */
    static SoapVersion versionOf(Catalog catalog, String portName, String contentType) {
        VirtualPort port = catalog.snapshot().port(portName).orElse(null);
        if (port != null) {
            return port.soapVersion();
        }
        return SoapVersion.SOAP_12.acceptsContentType(contentType) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
    }

    /** Writes one request's answer once, whichever comes first: the chain's, or the last-resort timeout's. */
    private static final class Answer implements AsyncListener {

        private final AsyncContext async;
        private final HttpServletResponse response;
        private final String requestId;
        private final SoapVersion version;
        private final AtomicBoolean written = new AtomicBoolean();

        Answer(AsyncContext async, HttpServletResponse response, String requestId, SoapVersion version) {
            this.async = async;
            this.response = response;
            this.requestId = requestId;
            this.version = version;
        }

        void reply(ProviderReply reply) {
            if (written.compareAndSet(false, true)) {
                write(reply.status(), reply.contentType(), reply.body(), false);
            }
        }

        /** @param bodyUnread whether the client's body was refused before it was all read: the connection is closed */
        void fault(Throwable failure, boolean bodyUnread) {
            try (MDC.MDCCloseable logged = MDC.putCloseable(RequestId.MDC_KEY, requestId)) {
                answer(failure, bodyUnread);
            }
        }

        private void answer(Throwable failure, boolean bodyUnread) {
            SoapFaultWriter.FaultResponse out = SoapFaultWriter.forFailure(failure, requestId, version);
            if (written.compareAndSet(false, true)) {
                write(out.status(), out.contentType(), out.body(), bodyUnread);
            }
        }

        private void write(int status, String contentType, byte[] body, boolean close) {
            try {
                HttpAnswer.send(response, status, contentType, body, close);
            } catch (IOException | IllegalStateException e) {
                LOG.debug("the answer to request {} could not be written: {}", requestId, e.toString());
            } finally {
                async.complete();
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            fault(new NodeFault(FaultCode.Timeout, "the node gave up on the request after " + LAST_RESORT.toMinutes()
                    + " minutes"), true);
        }

        @Override
        public void onComplete(AsyncEvent event) {
            // written already
        }

        @Override
        public void onError(AsyncEvent event) {
            written.set(true);
            LOG.debug("request {} ended with an error on its connection: {}", requestId, String.valueOf(event.getThrowable()));
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            // one asynchronous cycle per request
        }
    }

    private static String portName(HttpServletRequest request) {
        String path = request.getPathInfo();
        if (path == null || path.length() < 2) {
            return "";
        }
        return path.substring(1);
    }
}
