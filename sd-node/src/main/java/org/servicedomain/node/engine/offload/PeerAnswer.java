package org.servicedomain.node.engine.offload;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import org.servicedomain.node.outbound.OutboundAnswer;

/**
 * Reads a peer's JSON answer (its load report, a session it opened): only an HTTP 200 with a body of at
 * most a bound counts (the call's, {@link org.servicedomain.node.outbound.OutboundCall#maxAnswerBytes()}), so that a
 * confused or hostile peer can neither pass off an error page nor fill the node's memory. Anything else is an
 * {@link IOException} naming the peer's address.
 */
public final class PeerAnswer {

    private PeerAnswer() {
    }

    /** Reads {@code answer}, from {@code from}, as {@code type}. */
    public static <T> T json(ObjectMapper json, Class<T> type, OutboundAnswer answer, URI from) throws IOException {
        if (answer.status() != 200) {
            throw new IOException("HTTP " + answer.status() + " from " + from);
        }
        return json.readValue(answer.body(), type);
    }
}
