package org.servicedomain.node.engine;

import org.servicedomain.node.core.Deadline;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.engine.offload.Offload;

/**
 * The HTTP headers by which a client (or a peer node) states the terms of a request: how many
 * milliseconds it will still wait for the answer ({@value #TIMEOUT_HEADER}), and whether a peer
 * node already forwarded it ({@value Offload#HOP_HEADER}).
 */
public final class RequestTerms {

    /** The client's remaining wait in milliseconds, like Envoy's expected-request-timeout header. */
    public static final String TIMEOUT_HEADER = Deadline.HEADER;
    /** The longest wait a client may state: a day (more would be no limit at all). */
    static final long MAX_TIMEOUT_MS = 24L * 60 * 60 * 1000;

    private RequestTerms() {
    }

    /** The deadline the client stated in {@code value} (the header), or null; a malformed value is a {@code BadRequest}. */
    public static Deadline deadline(String value) {
        if (value == null) {
            return null;
        }
        long millis;
        try {
            millis = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new NodeFault(FaultCode.BadRequest, "header " + TIMEOUT_HEADER + " must be a number of milliseconds but was '"
                    + abbreviate(value) + "'");
        }
        if (millis < 0 || millis > MAX_TIMEOUT_MS) {
            throw new NodeFault(FaultCode.BadRequest, "header " + TIMEOUT_HEADER + " must be between 0 and "
                    + MAX_TIMEOUT_MS + " but was " + millis);
        }
        return Deadline.inMillis(millis);
    }

    private static String abbreviate(String value) {
        return value.length() <= 40 ? value : value.substring(0, 40) + "...";
    }
}
