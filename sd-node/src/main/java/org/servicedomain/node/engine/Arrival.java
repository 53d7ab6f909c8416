package org.servicedomain.node.engine;

import org.servicedomain.node.core.ArrivingBody;

/**
 * A request on a virtual port as HTTP delivered it, before any stage has looked at it.
 *
 * @param portName the port named by the request's path
 * @param timeoutHeader the client's {@link RequestTerms#TIMEOUT_HEADER}, or null
 * @param hop whether the request carries the hop header of a forwarding peer
 * @param requestId the request's id, for the log
 * @param traceparent the client's W3C {@code traceparent}, or null
 * @param tracestate the client's W3C {@code tracestate}, or null
 */
public record Arrival(String portName, String contentType, String soapAction, String timeoutHeader, boolean hop,
        String requestId, String traceparent, String tracestate, ArrivingBody body) {
}
