package org.servicedomain.node.engine.offload;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import org.apache.hc.core5.http.io.HttpClientResponseHandler;

/**
 * Reads a peer's JSON answer (its load report, a session it opened): only an HTTP 200 with a body of at
 * most a bound counts, so that a confused or hostile peer can neither pass off an error page nor fill the
 * node's memory. Anything else is an {@link IOException} naming the peer's address.
 */
public final class PeerAnswer {

    private PeerAnswer() {
    }

    /** Reads the answer from {@code from} as {@code type}; {@code what} names it in errors ("a report"). */
    public static <T> HttpClientResponseHandler<T> json(ObjectMapper json, Class<T> type, int maxBytes, String what,
            URI from) {
        return response -> {
            if (response.getCode() != 200 || response.getEntity() == null) {
                throw new IOException("HTTP " + response.getCode() + " from " + from);
            }
            try (InputStream in = response.getEntity().getContent()) {
                byte[] body = in.readNBytes(maxBytes + 1);
                if (body.length > maxBytes) {
                    throw new IOException(what + " larger than " + maxBytes + " bytes from " + from);
                }
                return json.readValue(body, type);
            }
        };
    }
}
