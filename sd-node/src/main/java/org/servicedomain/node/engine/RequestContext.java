package org.servicedomain.node.engine;

import java.util.Objects;
import org.servicedomain.node.catalog.VirtualPort;

/**
 * What the node knows of one request on a virtual port as it passes the stages: the port, the
 * operation, the session, and the message exactly as the client sent it (forwarded byte for byte).
 *
 * @param sessionId the {@code sd:session} header's value, or null for an anonymous call
 * @param soapAction the SOAPAction header (SOAP 1.1), or null
 * @param contentType the request's Content-Type header, forwarded unchanged
 */
public record RequestContext(
        VirtualPort virtualPort,
        String operation,
        String sessionId,
        String soapAction,
        String contentType,
        byte[] body) {

    public RequestContext {
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(body, "body");
    }
}
