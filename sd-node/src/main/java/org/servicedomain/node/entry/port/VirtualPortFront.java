package org.servicedomain.node.entry.port;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.DomainDocumentationWsdl;
import org.servicedomain.node.catalog.MappedOperation;
import org.servicedomain.node.catalog.MappedOperationsWsdl;
import org.servicedomain.node.catalog.SessionHeaderWsdl;
import org.servicedomain.node.core.ArrivingBody;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.engine.Arrival;
import org.servicedomain.node.engine.RequestChain;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The one protocol-neutral front of the virtual ports. Every entry (Tomcat's servlet, the relay on
 * the event loops, the home port's {@code invokeOperation}) only moves bytes: it hands a call's head
 * and arriving body here and writes back the {@link FrontAnswer} it gets. Request ids, the SOAP
 * version, the description and WSDL with the address they advertise, and faults are decided here
 * and nowhere else.
 */
public final class VirtualPortFront {

    private static final Logger LOG = LoggerFactory.getLogger(VirtualPortFront.class);

    /** The servlet context attribute that holds the node's front. */
    public static final String ATTRIBUTE = VirtualPortFront.class.getName();

    /**
     * A call's head as it came in.
     *
     * @param clientRequestId the client's {@code X-Request-Id}, kept when sane, or null
     * @param timeoutHeader the client's {@code X-SD-Timeout-Ms}, or null
     * @param hop whether a forwarding peer sent it
     * @param traceparent the client's W3C {@code traceparent}, or null; each entry reads the trace headers
     *     through {@link org.servicedomain.node.tracing.TraceHeaders#received}, so a repeated one is none
     * @param tracestate the client's W3C {@code tracestate} (repeated lines joined by commas), or null
     */
    public record CallHead(String portName, String contentType, String soapAction, String timeoutHeader, boolean hop,
            String clientRequestId, String traceparent, String tracestate) {
    }

    /** A call under way: its id, known at once, and its answer, once the chain has one. */
    record Call(String requestId, CompletableFuture<FrontAnswer> answer) {
    }

    private final Catalog catalog;
    private final ActivePolicy policy;
    private final DomainInfoStore domainInfo;
    private final RequestChain requestChain;
    private final BodyPolicy bodyPolicy;
    private volatile DataPlane dataPlane;

    /** A front running calls through {@code requestChain}, describing the ports of {@code catalog} as {@code policy} maps them. */
    public VirtualPortFront(NodeConfig config, Catalog catalog, ActivePolicy policy, DomainInfoStore domainInfo,
            RequestChain requestChain) {
        this.catalog = catalog;
        this.policy = policy;
        this.domainInfo = domainInfo;
        this.requestChain = requestChain;
        this.bodyPolicy = BodyPolicy.of(config);
        this.dataPlane = DataPlane.of(config);
    }

    /** The limits every entry holds a request's head and body to. */
    public BodyPolicy bodyPolicy() {
        return bodyPolicy;
    }

    /** From now on virtual ports are advertised on the event-loop data plane listening on {@code port}. */
    public void advertise(String scheme, int port) {
        dataPlane = dataPlane.servedAt(scheme, port);
    }

    /**
     * Runs one call through the request chain. The answer is the provider's bytes, or the node's
     * fault in the port's SOAP version; it never completes exceptionally.
     */
    Call call(CallHead head, ArrivingBody body) {
        String requestId = RequestId.acceptOrCreate(head.clientRequestId());
        CompletableFuture<FrontAnswer> answer = run(head, requestId, body).handle((reply, error) -> error == null
                ? replied(reply, requestId)
                : failed(Completions.cause(error), requestId, versionOf(head.portName(), head.contentType()),
                        body.bytes().isCompletedExceptionally()));
        return new Call(requestId, answer);
    }

    /** Runs one call through the request chain for a caller that wants the provider's reply itself, or the node's fault. */
    public CompletableFuture<ProviderReply> invoke(CallHead head, ArrivingBody body) {
        return run(head, RequestId.acceptOrCreate(head.clientRequestId()), body);
    }

    private CompletableFuture<ProviderReply> run(CallHead head, String requestId, ArrivingBody body) {
        Arrival arrival = new Arrival(head.portName(), head.contentType(), head.soapAction(), head.timeoutHeader(),
                head.hop(), requestId, head.traceparent(), head.tracestate(), body);
        MDC.put(RequestId.MDC_KEY, requestId);
        try {
            return requestChain.handle(arrival);
        } finally {
            MDC.remove(RequestId.MDC_KEY);
        }
    }

    /** The answer for a request that never reached the chain (refused by the entry), in the port's SOAP version. */
    FrontAnswer refused(Throwable failure, String portName, String contentType, String requestId) {
        return failed(failure, requestId, versionOf(portName, contentType), true);
    }

    /**
     * A GET on a virtual port: its WSDL on {@code ?wsdl}, advertising the data plane's address as the
     * caller can reach it; a line saying what the port is otherwise; 404 for no such port.
     */
    FrontAnswer describe(String portName, String query, AskedAddress asked) {
        VirtualPort port = catalog.snapshot().port(portName).orElse(null);
        if (port == null) {
            return FrontAnswer.text(404, "no virtual port " + portName + "\n");
        }
        if (query == null || !query.toLowerCase(Locale.ROOT).startsWith("wsdl")) {
            return FrontAnswer.text(200, "Virtual port " + port.name() + " (" + port.portType() + "), SOAP "
                    + port.soapVersion().label() + ": POST SOAP requests here; the WSDL is at ?wsdl\n");
        }
        try {
            byte[] wsdl = published(port, address(asked, port.name())).getBytes(StandardCharsets.UTF_8);
            return new FrontAnswer(200, "text/xml; charset=UTF-8", wsdl, null, false, Duration.ZERO);
        } catch (RuntimeException e) {
            LOG.error("the WSDL of virtual port {} could not be built", port.name(), e);
            return FrontAnswer.text(500, "the node could not build this WSDL; see its log\n");
        }
    }

    /**
     * The base URL (with the context path) virtual ports are advertised under, for a caller that
     * reaches the node's servlet entry at {@code scheme://host:port/contextPath}.
     */
    public String advertisedBase(String scheme, String host, int port, String contextPath) {
        return dataPlane.base(new AskedAddress(scheme, host, port, contextPath));
    }

    /** Where clients are told to call virtual port {@code portName}, for a caller that reached the node at {@code asked}. */
    String address(AskedAddress asked, String portName) {
        return dataPlane.base(asked) + NodeAddress.VIRTUAL_PORTS_PATH + portName;
    }

    /**
     * The WSDL a virtual port publishes at {@code address}: its providers' contract plus the policy's
     * mapped operations, the {@code sd:session} header where the policy refuses anonymous calls, and
     * the domain information in the service's documentation.
     */
    String published(VirtualPort port, String address) {
        CompiledPolicy active = policy.current();
        List<MappedOperation> mapped = active.forPort(port.name()).mappings().stream()
                .map(m -> new MappedOperation(m.name(), m.operation(), m.arguments().keySet())).toList();
        String wsdl = MappedOperationsWsdl.add(port.wsdl(address), port, mapped);
        String withSession = active.access().needsSession(port.name(), active.forPort(port.name()).anonymous())
                ? SessionHeaderWsdl.add(wsdl) : wsdl;
        return DomainDocumentationWsdl.add(withSession, domainInfo.current().documentation());
    }

    /** The SOAP version of the named port, or the one the content type names when there is no such port. */
    SoapVersion versionOf(String portName, String contentType) {
        VirtualPort port = catalog.snapshot().port(portName).orElse(null);
        if (port != null) {
            return port.soapVersion();
        }
        return SoapVersion.SOAP_12.acceptsContentType(contentType) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
    }

    private static FrontAnswer replied(ProviderReply reply, String requestId) {
        return new FrontAnswer(reply.status(), reply.contentType(), reply.body(), requestId, false, Duration.ZERO);
    }

    /**
     * The fault's answer; only a failure that is not the node's own fault is logged as an error, under the
     * request's id. An {@code Overloaded} refusal carries the policy's pause before the connection's next request.
     */
    private FrontAnswer failed(Throwable failure, String requestId, SoapVersion version, boolean bodyUnread) {
        SoapFaultWriter.FaultResponse fault;
        if (failure instanceof NodeFault) {
            fault = SoapFaultWriter.forFailure(failure, requestId, version);
        } else {
            try (MDC.MDCCloseable logged = MDC.putCloseable(RequestId.MDC_KEY, requestId)) {
                fault = SoapFaultWriter.forFailure(failure, requestId, version);
            }
        }
        Duration pause = failure instanceof NodeFault refusal && refusal.code() == FaultCode.Overloaded
                ? policy.current().priorityClasses().refusalPause() : Duration.ZERO;
        return new FrontAnswer(fault.status(), fault.contentType(), fault.body(), requestId, bodyUnread, pause);
    }
}
