package org.servicedomain.node.entry.port;

import java.nio.charset.StandardCharsets;
import java.time.Duration;

/**
 * What an entry writes back for one virtual-port request, whatever carries it: the status, the
 * content type, the body, the request's id for {@code X-Request-Id} (null when it had none) and
 * whether the connection must close after it (the client's body was refused before it was all read).
 * A refusal under overload also says how long the entry waits before it takes the connection's next
 * request ({@code readPause}, zero for every other answer), so a client retrying at once cannot spin.
 */
record FrontAnswer(int status, String contentType, byte[] body, String requestId, boolean close, Duration readPause) {

    static final String TEXT = "text/plain; charset=UTF-8";

    static FrontAnswer text(int status, String text) {
        return new FrontAnswer(status, TEXT, text.getBytes(StandardCharsets.UTF_8), null, false, Duration.ZERO);
    }
}
