package org.servicedomain.node.entry;

import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.Node;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.catalog.MappedOperation;
import org.servicedomain.node.catalog.MappedOperationsWsdl;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.hierarchy.ContextHeaderReader;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.OperationMapping;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.Caller;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;

/**
 * The service entry of every virtual port ({@code /services/ports/{name}}): serves the port's
 * WSDL on {@code ?wsdl}, and on POST reads only the envelope's headers and operation element,
 * hands the request to the aggregation engine and writes back the provider's answer byte for byte.
 */
public final class VirtualPortServlet extends HttpServlet {

    private static final Logger LOG = LoggerFactory.getLogger(VirtualPortServlet.class);

    private final transient Node node;
    private final transient RequestOutcomes outcomes;

    public VirtualPortServlet(Node node) {
        this.node = node;
        this.outcomes = new RequestOutcomes(node.meterRegistry());
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        VirtualPort port = node.catalog().snapshot().port(portName(request)).orElse(null);
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
            List<MappedOperation> mapped = node.policy().current().forPort(port.name()).mappings().stream()
                    .map(m -> new MappedOperation(m.name(), m.operation(), m.arguments().keySet())).toList();
            wsdl = MappedOperationsWsdl.add(port.wsdl(NodeAddress.virtualPort(request, port.name())), port, mapped)
                    .getBytes(StandardCharsets.UTF_8);
        } catch (RuntimeException e) {
            LOG.error("the WSDL of virtual port {} could not be built", port.name(), e);
            response.sendError(HttpServletResponse.SC_INTERNAL_SERVER_ERROR, "the node could not build this WSDL; see its log");
            return;
        }
        response.setContentType("text/xml; charset=UTF-8");
        response.setContentLength(wsdl.length);
        response.getOutputStream().write(wsdl);
    }

    /** Tags every log line of the request with its id (the client's {@code X-Request-Id} if sane) and echoes the id. */
    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String requestId = RequestId.acceptOrCreate(request.getHeader(RequestId.HEADER));
        MDC.put(RequestId.MDC_KEY, requestId);
        response.setHeader(RequestId.HEADER, requestId);
        try {
            handle(request, response);
        } finally {
            MDC.remove(RequestId.MDC_KEY);
        }
    }

    private void handle(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long start = System.nanoTime();
        String name = portName(request);
        VirtualPort port = node.catalog().snapshot().port(name).orElse(null);
        SoapVersion version = port != null ? port.soapVersion() : versionOf(request.getContentType());
        RequestContext context = null;
        FromParent fromParent = new FromParent();
        try {
            if (port == null) {
                throw new NodeFault(FaultCode.UnknownVirtualPort, "no virtual port named '" + name + "'");
            }
            CompiledPolicy policy = node.policy().current();
            context = parse(request, port, policy, fromParent);
            ProviderReply reply = node.engine().handle(context, policy);
            outcomes.answered(port.name(), reply.status());
            meter(context, reply.instanceId(), reply.status() < 300 ? "served" : "provider_fault", true, start,
                    reply.body().length);
            write(response, reply.status(), reply.contentType(), reply.body());
        } catch (NodeFault fault) {
            outcomes.faulted(port != null ? port.name() : null, fault.code());
            if (context != null) {
                meter(context, null, fault.code().name(), false, start, 0);
            }
            boolean percolate = port != null && node.policy().current().forPort(port.name()).recovery().percolate();
            writeFault(response, node.hierarchy().answer(fault, fromParent.value, percolate), version);
        } catch (RuntimeException e) {
            LOG.error("request on virtual port {} failed inside the node", name, e);
            outcomes.faulted(port != null ? port.name() : null, FaultCode.InternalError);
            writeFault(response, new NodeFault(FaultCode.InternalError, "the node failed to handle the request; its log has"
                    + " the details under request id " + MDC.get(RequestId.MDC_KEY)), version);
        }
    }

    private void meter(RequestContext context, String instanceId, String outcome, boolean served, long start, long replyBytes) {
        node.metering().record(context.caller().user(), context.caller().userLevel(), context.virtualPort().name(),
                context.operation(), instanceId, outcome, served, System.nanoTime() - start, context.body().length, replyBytes);
    }

    /** Whether the request came from this node's parent, with a trusted context header. */
    private static final class FromParent {
        boolean value;
    }

    private RequestContext parse(HttpServletRequest request, VirtualPort port, CompiledPolicy policy, FromParent fromParent)
            throws IOException {
        String contentType = request.getContentType();
        if (!port.soapVersion().acceptsContentType(contentType)) {
            throw SoapRequestReader.badRequest("content type " + contentType + " is not SOAP "
                    + port.soapVersion().label() + " (" + port.soapVersion().mediaType() + ")");
        }
        byte[] body = readBody(request, node.config().maxMessageBytes());
        SoapRequest soap = SoapRequestReader.read(body, port.soapVersion());
        body = soap.forwardable(body);
        ContextHeaderReader.Found parent = node.hierarchy().parentContext(body);
        fromParent.value = parent != null;
        body = parent != null ? parent.withoutHeader() : body;
        String soapAction = request.getHeader("SOAPAction");
        String operation = port.operationFor(soap.operationElement()).orElse(null);
        if (operation == null) {
            OperationMapping mapping = mappingFor(port, soap.operationElement(), policy);
            operation = mapping.name();
            body = OperationRewrite.rewrite(body, port, mapping);
            String action = port.soapActions().get(mapping.operation());
            soapAction = soapAction == null || action == null ? soapAction : "\"" + action + "\"";
        }
        Caller caller = parent != null && soap.sessionId() == null ? parent.context().caller() : caller(soap.sessionId());
        Map<String, String> values = parent != null ? parent.context().values() : Map.of();
        return new RequestContext(port, operation, caller, values, soapAction, contentType, body)
                .withTerms(RequestTerms.deadline(request), RequestTerms.offloaded(request));
    }

    /** The policy's mapped operation a request element names, in the namespace of the providers' requests. */
    private OperationMapping mappingFor(VirtualPort port, QName element, CompiledPolicy policy) {
        return policy.forPort(port.name()).mapping(element.getLocalPart())
                .filter(m -> port.elementOf(m.operation()).map(QName::getNamespaceURI)
                        .filter(element.getNamespaceURI()::equals).isPresent())
                .orElseThrow(() -> SoapRequestReader.badRequest("virtual port " + port.name()
                        + " has no operation for element " + element));
    }

    /** The caller behind the session header: anonymous without one, refused when it is unknown or expired. */
    private Caller caller(String sessionId) {
        if (sessionId == null) {
            return Caller.ANONYMOUS;
        }
        return node.sessions().caller(sessionId).orElseThrow(() ->
                new NodeFault(FaultCode.NotAuthorized, "unknown or expired session: log in again through the home port"));
    }

    private static byte[] readBody(HttpServletRequest request, long max) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > max) {
            throw SoapRequestReader.badRequest("the message is " + declared + " bytes; the limit is " + max);
        }
        try (InputStream in = request.getInputStream()) {
            byte[] body = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, max + 1));
            if (body.length > max) {
                throw SoapRequestReader.badRequest("the message exceeds the limit of " + max + " bytes");
            }
            return body;
        }
    }

    private static void writeFault(HttpServletResponse response, NodeFault fault, SoapVersion version) throws IOException {
        if (fault.code() != FaultCode.NoInstanceAvailable) {
            LOG.debug("refused a request: {}", fault.getMessage());
        }
        SoapFaultWriter.FaultResponse out = SoapFaultWriter.write(fault, version);
        write(response, out.status(), out.contentType(), out.body());
    }

    private static void write(HttpServletResponse response, int status, String contentType, byte[] body) throws IOException {
        response.setStatus(status);
        if (contentType != null) {
            response.setContentType(contentType);
        }
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }

    private static String portName(HttpServletRequest request) {
        String path = request.getPathInfo();
        if (path == null || path.length() < 2) {
            return "";
        }
        return path.substring(1);
    }

    private static SoapVersion versionOf(String contentType) {
        return SoapVersion.SOAP_12.acceptsContentType(contentType) ? SoapVersion.SOAP_12 : SoapVersion.SOAP_11;
    }
}
