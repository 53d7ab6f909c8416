package org.servicedomain.node.entry.children;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.async.methods.SimpleHttpRequest;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.async.methods.SimpleRequestProducer;
import org.apache.hc.client5.http.config.ConnectionConfig;
import org.apache.hc.client5.http.config.RequestConfig;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.client5.http.impl.async.HttpAsyncClients;
import org.apache.hc.client5.http.impl.nio.PoolingAsyncClientConnectionManagerBuilder;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.http.ConnectionRequestTimeoutException;
import org.apache.hc.core5.http.ContentType;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.util.TimeValue;
import org.apache.hc.core5.util.Timeout;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.LogText;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.dispatch.BoundedReplyConsumer;
import org.servicedomain.node.engine.monitor.RequestId;
import org.servicedomain.node.entry.port.HttpAnswer;
import org.servicedomain.node.entry.port.SoapFaultWriter;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentProof;
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
    private final transient Duration connectTimeout;
    private final transient long maxMessageBytes;
    private final transient ChildForwarding forwarding;
    /** Started in {@link #init()}: Tomcat destroys only servlets it initialised, so one started earlier could leak. */
    private transient CloseableHttpAsyncClient http;

    /** Forwards to the children of {@code hierarchy} the calls of administrators among {@code users} with a session in {@code sessions}. */
    public ChildHomeServlet(Hierarchy hierarchy, SessionRegistry sessions, UserDirectory users, Duration connectTimeout,
            long maxMessageBytes) {
        this.hierarchy = hierarchy;
        this.connectTimeout = connectTimeout;
        this.maxMessageBytes = maxMessageBytes;
        this.forwarding = new ChildForwarding(hierarchy, sessions::caller, users);
    }

    @Override
    public void init() {
        this.http = HttpAsyncClients.custom()
                .setConnectionManager(PoolingAsyncClientConnectionManagerBuilder.create()
                        .setDefaultConnectionConfig(ConnectionConfig.custom()
                                .setConnectTimeout(Timeout.of(connectTimeout)).build())
                        .build())
                .setDefaultRequestConfig(RequestConfig.custom().setResponseTimeout(Timeout.of(ANSWER_TIMEOUT)).build())
                .disableAutomaticRetries()
                .disableRedirectHandling()
                .disableCookieManagement()
                .setUserAgent("sd-node-forward")
                .build();
        this.http.start();
    }

    @Override
    public void destroy() {
        if (http == null) {
            return;
        }
        http.close(CloseMode.IMMEDIATE);
        try {
            http.awaitShutdown(TimeValue.ofSeconds(5)); // the I/O threads end before the WAR's class loader goes
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
        SimpleRequestBuilder out = SimpleRequestBuilder.post(forward.address())
                .setBody(forward.body(), ContentType.parse(contentType(request)))
                .addHeader(ParentProof.HEADER, forward.proof())
                .addHeader(ForwardedCalls.USER_HEADER, ForwardedCalls.encodeUser(forward.user()))
                .addHeader(RequestId.HEADER, requestId);
        String soapAction = request.getHeader("SOAPAction");
        if (soapAction != null) {
            out.addHeader("SOAPAction", soapAction);
        }
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        send(http, out.build(), maxMessageBytes, async, response, forward);
    }

    /**
     * Sends {@code out} to the child; whatever happens, {@code async} ends with the child's answer or
     * a fault, also when the exchange cannot even start (the client closed at undeploy, a request it refuses).
     */
    static void send(CloseableHttpAsyncClient http, SimpleHttpRequest out, long maxBytes, AsyncContext async,
            HttpServletResponse response, ChildForwarding.Forward forward) {
        try {
            http.execute(SimpleRequestProducer.create(out), new BoundedReplyConsumer(maxBytes),
                    answering(async, response, forward, maxBytes));
        } catch (RuntimeException e) {
            LOG.error("a call forwarded to child node {} at {} could not be sent", forward.child().name(), forward.address(), e);
            answer(async, response, 0, null, null, new NodeFault(FaultCode.InternalError, "child node "
                    + forward.child().name() + " was not called: this node could not send the call (" + e + ")"));
        }
    }

    /** What to do when the child answers, or does not: pass its answer on, or a fault saying why there is none. */
    private static FutureCallback<ProviderReply> answering(AsyncContext async, HttpServletResponse response,
            ChildForwarding.Forward forward, long maxBytes) {
        return new FutureCallback<>() {
            @Override
            public void completed(ProviderReply answer) {
                answer(async, response, answer.status(), answer.contentType(), answer.body(), null);
            }

            @Override
            public void failed(Exception e) {
                LOG.warn("child node {} at {} did not answer a forwarded call: {}", forward.child().name(), forward.address(),
                        e.toString());
                answer(async, response, 0, null, null, unanswered(forward.child().name(), e, maxBytes));
            }

            @Override
            public void cancelled() {
                failed(new CancellationException("the forwarded call was cancelled"));
            }
        };
    }

    /**
     * The fault for a forwarded call that got no answer to pass on: {@code Timeout} when no connection
     * or no answer came in time, a fault naming the message limit when the answer exceeded it.
     */
    static NodeFault unanswered(String child, Exception e, long maxBytes) {
        if (e instanceof ConnectTimeoutException) {
            return new NodeFault(FaultCode.Timeout, "child node " + child + " did not accept a connection within the"
                    + " connect timeout: " + e.getMessage());
        }
        if (e instanceof SocketTimeoutException || e instanceof ConnectionRequestTimeoutException) {
            return new NodeFault(FaultCode.Timeout, "child node " + child + " did not answer in time: " + e.getMessage());
        }
        if (e instanceof BoundedReplyConsumer.ReplyTooLargeException) {
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
