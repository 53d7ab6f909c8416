package org.servicedomain.node.entry.port;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * Why the relay refuses a request before it reaches the request chain, with the status it answers:
 * the cause of a failed decoder result, so {@link RelayConnection} answers it in turn and closes.
 */
final class RefusedHead extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient HttpResponseStatus status;

    RefusedHead(HttpResponseStatus status, String why) {
        super(why, null, false, false); // refused requests are routine: no stack trace to fill
        this.status = status;
    }

    HttpResponseStatus status() {
        return status;
    }

    /** The status a request that failed to decode for {@code cause} is answered with: 400 unless it was refused with another. */
    static HttpResponseStatus statusOf(Throwable cause) {
        return cause instanceof RefusedHead refused ? refused.status() : HttpResponseStatus.BAD_REQUEST;
    }
}
