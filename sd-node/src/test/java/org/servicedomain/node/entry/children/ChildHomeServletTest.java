package org.servicedomain.node.entry.children;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import org.apache.hc.client5.http.ConnectTimeoutException;
import org.apache.hc.client5.http.async.methods.SimpleRequestBuilder;
import org.apache.hc.client5.http.impl.async.CloseableHttpAsyncClient;
import org.apache.hc.core5.concurrent.FutureCallback;
import org.apache.hc.core5.function.Supplier;
import org.apache.hc.core5.http.HttpHost;
import org.apache.hc.core5.http.nio.AsyncPushConsumer;
import org.apache.hc.core5.http.nio.AsyncRequestProducer;
import org.apache.hc.core5.http.nio.AsyncResponseConsumer;
import org.apache.hc.core5.http.nio.HandlerFactory;
import org.apache.hc.core5.http.protocol.HttpContext;
import org.apache.hc.core5.io.CloseMode;
import org.apache.hc.core5.reactor.IOReactorStatus;
import org.apache.hc.core5.util.TimeValue;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.dispatch.BoundedReplyConsumer;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildTerms;

/** What the parent answers when a call it forwards to a child gets no answer to pass on. */
class ChildHomeServletTest {

    private static final ChildNode CHILD = new ChildNode("http://127.0.0.1:9/sd", "UBC", "secret-of-ubc-child", "ubc-id",
            ChildTerms.NONE);

    @Test
    void aCallTheClientRefusesToSendEndsTheRequestWithAnInternalErrorFault() throws IOException {
        CloseableHttpAsyncClient refusing = new RefusingClient();
        AsyncContext async = mock(AsyncContext.class);
        HttpServletResponse response = mock(HttpServletResponse.class);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        when(response.getOutputStream()).thenReturn(into(body));
        ChildForwarding.Forward forward = new ChildForwarding.Forward(CHILD, CHILD.address() + "/services/home", "getUsers",
                "root", new byte[0], "admin:1:n:mac");

        assertThatCode(() -> ChildHomeServlet.send(refusing, SimpleRequestBuilder.post(forward.address()).build(), 1_000,
                async, response, forward)).doesNotThrowAnyException();

        verify(async).complete();
        verify(response).setStatus(500);
        assertThat(body.toString(StandardCharsets.UTF_8)).contains("InternalError").contains("child node UBC was not called");
    }

    @Test
    void noConnectionOrNoAnswerInTimeIsATimeout() {
        assertThat(ChildHomeServlet.unanswered("UBC", new ConnectTimeoutException("Connect to 10.0.0.7:8080 timed out"), 1_000))
                .satisfies(f -> {
                    assertThat(f.code()).isEqualTo(FaultCode.Timeout);
                    assertThat(f.getMessage()).contains("child node UBC").contains("connect timeout");
                });
        assertThat(ChildHomeServlet.unanswered("UBC", new SocketTimeoutException("60000 MILLISECONDS"), 1_000).code())
                .isEqualTo(FaultCode.Timeout);
    }

    @Test
    void anAnswerOverTheMessageLimitIsAFaultNamingTheLimit() {
        NodeFault fault = ChildHomeServlet.unanswered("UBC",
                new BoundedReplyConsumer.ReplyTooLargeException("reply larger than 1000 bytes"), 1_000);

        assertThat(fault.code()).isEqualTo(FaultCode.InternalError);
        assertThat(fault.getMessage()).contains("child node UBC").contains("message limit of 1000 bytes")
                .doesNotContain("did not answer");
    }

    @Test
    void anyOtherFailureSaysTheChildDidNotAnswer() {
        NodeFault fault = ChildHomeServlet.unanswered("UBC", new java.net.ConnectException("Connection refused"), 1_000);

        assertThat(fault.code()).isEqualTo(FaultCode.InternalError);
        assertThat(fault.getMessage()).contains("child node UBC did not answer");
    }

    /** A client whose {@code execute} throws instead of calling back, as one shutting down at undeploy may. */
    private static final class RefusingClient extends CloseableHttpAsyncClient {
        @Override
        public void start() {
        }

        @Override
        public IOReactorStatus getStatus() {
            return IOReactorStatus.SHUTTING_DOWN;
        }

        @Override
        public void awaitShutdown(TimeValue waitTime) {
        }

        @Override
        public void initiateShutdown() {
        }

        @Override
        protected <T> Future<T> doExecute(HttpHost target, AsyncRequestProducer requestProducer,
                AsyncResponseConsumer<T> responseConsumer, HandlerFactory<AsyncPushConsumer> pushHandlerFactory,
                HttpContext context, FutureCallback<T> callback) {
            throw new RejectedExecutionException("the I/O reactor is shutting down");
        }

        @Override
        public void register(String hostname, String uriPattern, Supplier<AsyncPushConsumer> supplier) {
        }

        @Override
        public void close(CloseMode closeMode) {
        }

        @Override
        public void close() {
        }
    }

    private static ServletOutputStream into(ByteArrayOutputStream bytes) {
        return new ServletOutputStream() {
            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                throw new UnsupportedOperationException();
            }

            @Override
            public void write(int b) {
                bytes.write(b);
            }
        };
    }
}
