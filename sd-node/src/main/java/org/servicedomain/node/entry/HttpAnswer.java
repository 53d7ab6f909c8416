package org.servicedomain.node.entry;

import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.OutputStream;

/** Writes a whole answer in one go: status, content type, length and body, closing the connection when asked. */
final class HttpAnswer {

    private HttpAnswer() {
    }

    /** @param close whether the connection must close after the answer (its request body was not read to the end) */
    static void send(HttpServletResponse response, int status, String contentType, byte[] body, boolean close)
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
