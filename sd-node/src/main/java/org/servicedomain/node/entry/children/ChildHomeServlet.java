package org.servicedomain.node.entry.children;

import io.netty.channel.ConnectTimeoutException;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.time.Duration;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.entry.port.HttpAnswer;
import org.servicedomain.node.entry.port.SoapFaultWriter;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.outbound.AnswerTooLargeException;
import org.servicedomain.node.outbound.HttpCalls;
import org.servicedomain.node.outbound.OutboundCall;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.UserDirectory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /children/{name}/services/home}: a home-port call of one of this node's administrators,
 * forwarded to the child node registered as {@code name} with a proof of this node bound to the
 * call ({@link ChildForwarding}), so the administrator manages the child without signing in to it.
 * The child's answer, fault or not, comes back unchanged (up to the node's message limit); no thread
 * waits for the child.
 */
public final class ChildHomeServlet extends HttpServlet {

    public static final String PATH = "/children";
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ChildHomeServlet.class);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final transient Hierarchy hierarchy;
    private final transient HttpCalls http;
    private final transient long maxMessageBytes;
    private final transient ChildForwarding forwarding;

    /**
     * Forwards to the children of {@code hierarchy} the calls of administrators among {@code users} with a
     * session in {@code sessions}, through {@code http}.
     */
    public ChildHomeServlet(Hierarchy hierarchy, SessionRegistry sessions, UserDirectory users, HttpCalls http,
            long maxMessageBytes) {
        this.hierarchy = hierarchy;
        this.http = http;
        this.maxMessageBytes = maxMessageBytes;
        this.forwarding = new ChildForwarding(hierarchy, sessions::caller, users);
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String requestId = RequestId.acceptOrCreate(request.getHeader(RequestId.HEADER));
        response.setHeader(RequestId.HEADER, requestId);
        ChildForwarding.Forward forward;
        try {
            byte[] body = request.getInputStream().readAllBytes();
            forward = forwarding.prepare(request.getPathInfo(), body, ForwardedCalls.parentAdministrator(hierarchy, request));
        } catch (NodeFault fault) {
            LOG.info("refused to forward a home-port call to {}: {}", LogText.of(request.getPathInfo()), LogText.of(fault.getMessage()));
            refuse(response, fault);
            return;
        }
        LOG.info("forwarding {} of administrator {} to child node {} at {} (request {})", forward.operation(),
                LogText.of(forward.user()), forward.child().name(), forward.address(), requestId);
        OutboundCall out = OutboundCall.post(URI.create(forward.address()), contentType(request), forward.body(), ANSWER_TIMEOUT,
                        maxMessageBytes)
                .with(ParentProof.HEADER, forward.proof())
                .with(ForwardedCalls.USER_HEADER, ForwardedCalls.encodeUser(forward.user()))
                .with(RequestId.HEADER, requestId)
                .with("SOAPAction", request.getHeader("SOAPAction"));
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        send(http, out, async, response, forward);
    }

    /**
     * Sends {@code out} to the child; whatever happens, {@code async} ends with the child's answer or
     * a fault, also when the call cannot even start (the node closing at undeploy).
     */
    static void send(HttpCalls http, OutboundCall out, AsyncContext async, HttpServletResponse response,
            ChildForwarding.Forward forward) {
        try {
            http.send(out).whenComplete((answer, failure) -> {
                if (failure == null) {
                    answer(async, response, answer.status(), answer.header("Content-Type"), answer.body(), null);
                } else {
                    LOG.warn("child node {} at {} did not answer a forwarded call: {}", forward.child().name(), forward.address(),
                            failure.toString());
                    answer(async, response, 0, null, null, unanswered(forward.child().name(), failure, out.maxAnswerBytes()));
                }
            });
        } catch (RuntimeException e) {
            LOG.error("a call forwarded to child node {} at {} could not be sent", forward.child().name(), forward.address(), e);
            answer(async, response, 0, null, null, new NodeFault(FaultCode.InternalError, "child node "
                    + forward.child().name() + " was not called: this node could not send the call (" + e + ")"));
        }
    }

    /**
     * The fault for a forwarded call that got no answer to pass on: {@code Timeout} when no connection
     * or no answer came in time, a fault naming the message limit when the answer exceeded it.
     */
    static NodeFault unanswered(String child, Throwable e, long maxBytes) {
        if (e instanceof ConnectTimeoutException) {
            return new NodeFault(FaultCode.Timeout, "child node " + child + " did not accept a connection within the"
                    + " connect timeout: " + e.getMessage());
        }
        if (e instanceof SocketTimeoutException) {
            return new NodeFault(FaultCode.Timeout, "child node " + child + " did not answer in time: " + e.getMessage());
        }
        if (e instanceof AnswerTooLargeException) {
            return new NodeFault(FaultCode.InternalError, "child node " + child + " answered more than this node's message"
                    + " limit of " + maxBytes + " bytes (sd.maxMessageBytes), so its answer was dropped");
        }
        return new NodeFault(FaultCode.InternalError, "child node " + child + " did not answer: " + e);
    }

    /** Sends the child's answer, or {@code fault} when there is none, and ends the asynchronous request. */
    private static void answer(AsyncContext async, HttpServletResponse response, int status, String contentType, byte[] body,
            NodeFault fault) {
        try {
            if (fault != null) {
                refuse(response, fault);
            } else {
                HttpAnswer.send(response, status, contentType, body == null ? new byte[0] : body, false);
            }
        } catch (IOException | IllegalStateException e) {
            LOG.debug("the answer of a forwarded call could not be written: {}", e.toString());
        } finally {
            async.complete();
        }
    }

    private static String contentType(HttpServletRequest request) {
        String type = request.getContentType();
        return type == null ? SoapVersion.SOAP_11.mediaType() + "; charset=UTF-8" : type;
    }

    private static void refuse(HttpServletResponse response, NodeFault fault) throws IOException {
        SoapFaultWriter.FaultResponse out = SoapFaultWriter.write(fault, SoapVersion.SOAP_11);
        HttpAnswer.send(response, out.status(), out.contentType(), out.body(), false);
    }
}
