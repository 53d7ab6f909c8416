package org.servicedomain.node.entry.port;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;
import org.servicedomain.node.engine.monitor.RequestId;

/** Writes a whole answer in one go: status, content type, length and body, closing the connection when asked. */
public final class HttpAnswer {

    private HttpAnswer() {
    }

    /** Writes the front's answer, with its request id and {@code Connection: close} when it says so. */
    static void send(HttpServletResponse response, FrontAnswer answer) throws IOException {
        if (answer.requestId() != null) {
            response.setHeader(RequestId.HEADER, answer.requestId());
        }
        send(response, answer.status(), answer.contentType(), answer.body(), answer.close());
    }

    /** @param close whether the connection must close after the answer (its request body was not read to the end) */
    public static void send(HttpServletResponse response, int status, String contentType, byte[] body, boolean close)
            throws IOException {
        response.setStatus(status);
        if (contentType != null) {
            response.setContentType(contentType);
        }
        if (close) {
            response.setHeader("Connection", "close");
        }
        response.setContentLength(body.length);
        try (OutputStream out = response.getOutputStream()) {
            out.write(body);
        }
    }
}
