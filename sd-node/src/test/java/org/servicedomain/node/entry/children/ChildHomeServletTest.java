package org.servicedomain.node.entry.children;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import io.netty.channel.ConnectTimeoutException;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildTerms;
import org.servicedomain.node.outbound.AnswerTooLargeException;
import org.servicedomain.node.outbound.OutboundCall;
import org.servicedomain.node.outbound.TestOutbound;

/** What the parent answers when a call it forwards to a child gets no answer to pass on. */
class ChildHomeServletTest {

    private static final ChildNode CHILD = new ChildNode("http://127.0.0.1:9/sd", "UBC", "secret-of-ubc-child", "ubc-id",
            ChildTerms.NONE);

    @Test
    void aCallTheClosingNodeCannotSendEndsTheRequestWithAnInternalErrorFault() throws IOException {
        AsyncContext async = mock(AsyncContext.class);
        HttpServletResponse response = mock(HttpServletResponse.class);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        when(response.getOutputStream()).thenReturn(into(body));
        ChildForwarding.Forward forward = new ChildForwarding.Forward(CHILD, CHILD.address() + "/services/home", "getUsers",
                "root", new byte[0], "admin:1:n:mac");

        assertThatCode(() -> ChildHomeServlet.send(TestOutbound.none(),
                OutboundCall.post(URI.create(forward.address()), "text/xml", new byte[0], Duration.ofSeconds(5), 1_000),
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
                new AnswerTooLargeException(1_000), 1_000);

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
