package org.servicedomain.node.outbound;

import java.util.Locale;
import java.util.Map;

/** A server's answer to an {@link OutboundCall}, whatever its status; header names in lower case, first value each. */
public record OutboundAnswer(int status, Map<String, String> headers, byte[] body) {

    public OutboundAnswer {
        headers = Map.copyOf(headers);
    }

    /** The first value of header {@code name}, or null. */
    public String header(String name) {
        return headers.get(name.toLowerCase(Locale.ROOT));
    }
}
