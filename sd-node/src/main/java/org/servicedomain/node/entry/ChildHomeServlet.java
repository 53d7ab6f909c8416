package org.servicedomain.node.entry;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import org.servicedomain.node.Node;
import org.servicedomain.node.core.Completions;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.hierarchy.ParentProof;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code POST /children/{name}/services/home}: a home-port call of one of this node's administrators,
 * forwarded to the child node registered as {@code name} with a proof of this node bound to the
 * call ({@link ChildForwarding}), so the administrator manages the child without signing in to it.
 * The child's answer, fault or not, comes back unchanged; no thread waits for the child.
 */
final class ChildHomeServlet extends HttpServlet {

    static final String PATH = "/children";
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ChildHomeServlet.class);
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);

    private final transient Node node;
    private final transient ChildForwarding forwarding;
    private final transient HttpClient http;

    ChildHomeServlet(Node node) {
        this.node = node;
        this.forwarding = new ChildForwarding(node.hierarchy(), node.sessions()::caller, node.users());
        this.http = HttpClient.newBuilder().connectTimeout(node.config().connectTimeout())
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String requestId = RequestId.acceptOrCreate(request.getHeader(RequestId.HEADER));
        response.setHeader(RequestId.HEADER, requestId);
        ChildForwarding.Forward forward;
        try {
            byte[] body = request.getInputStream().readAllBytes();
            forward = forwarding.prepare(request.getPathInfo(), body, ForwardedCalls.parentAdministrator(node, request));
        } catch (NodeFault fault) {
            LOG.info("refused to forward a home-port call to {}: {}", LogText.of(request.getPathInfo()), LogText.of(fault.getMessage()));
            refuse(response, fault);
            return;
        }
        LOG.info("forwarding {} of administrator {} to child node {} at {} (request {})", forward.operation(),
                LogText.of(forward.user()), forward.child().name(), forward.address(), requestId);
        HttpRequest.Builder out = HttpRequest.newBuilder(URI.create(forward.address())).timeout(ANSWER_TIMEOUT)
                .header("Content-Type", contentType(request))
                .header(ParentProof.HEADER, forward.proof())
                .header(ForwardedCalls.USER_HEADER, ForwardedCalls.encodeUser(forward.user()))
                .header(RequestId.HEADER, requestId)
                .POST(HttpRequest.BodyPublishers.ofByteArray(forward.body()));
        String soapAction = request.getHeader("SOAPAction");
        if (soapAction != null) {
            out.header("SOAPAction", soapAction);
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        http.sendAsync(out.build(), HttpResponse.BodyHandlers.ofByteArray()).whenComplete((answer, error) -> {
            try {
                if (error == null) {
                    HttpAnswer.send(response, answer.statusCode(), answer.headers().firstValue("Content-Type").orElse(null),
                            answer.body(), false);
                } else {
                    Throwable cause = Completions.cause(error);
                    LOG.warn("child node {} at {} did not answer a forwarded call: {}", forward.child().name(),
                            forward.address(), cause.toString());
                    refuse(response, new NodeFault(cause instanceof HttpTimeoutException ? FaultCode.Timeout : FaultCode.InternalError,
                            "child node " + forward.child().name() + " did not answer: " + cause));
                }
            } catch (IOException | IllegalStateException e) {
                LOG.debug("the answer of a forwarded call could not be written: {}", e.toString());
            } finally {
                async.complete();
            }
        });
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
