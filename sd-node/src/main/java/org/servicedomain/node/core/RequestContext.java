package org.servicedomain.node.core;

import java.util.Map;
import java.util.Objects;

/**
 * What the node knows of one request on a virtual port as it passes the stages: the port, the
 * operation, the caller, the message values content rules asked for, and the message exactly as
 * it is forwarded (the client's bytes, unless an operation mapping rewrote them).
 *
 * @param operation the operation the client called on the virtual port
 * @param caller the session's user, or {@link Caller#ANONYMOUS}
 * @param contentValues values read from the payload for the policy's content rules, by name
 * @param soapAction the SOAPAction header (SOAP 1.1), or null
 * @param contentType the request's Content-Type header, forwarded unchanged
 * @param deadline when the client stops waiting, or null when it did not say
 * @param offloaded whether a peer node already forwarded this request here (it is never forwarded again)
 */
public record RequestContext(
        VirtualPort virtualPort,
        String operation,
        Caller caller,
        Map<String, String> contentValues,
        String soapAction,
        String contentType,
        byte[] body,
        Deadline deadline,
        boolean offloaded) {

    public RequestContext(VirtualPort virtualPort, String operation, Caller caller, Map<String, String> contentValues,
            String soapAction, String contentType, byte[] body) {
        this(virtualPort, operation, caller, contentValues, soapAction, contentType, body, null, false);
    }

    public RequestContext {
        Objects.requireNonNull(virtualPort, "virtualPort");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(caller, "caller");
        Objects.requireNonNull(body, "body");
        contentValues = Map.copyOf(contentValues);
    }

    /** The session id, or null for an anonymous call. */
    public String sessionId() {
        return caller.sessionId();
    }

    /** This request with the values content rules read from its payload. */
    public RequestContext withContentValues(Map<String, String> values) {
        return new RequestContext(virtualPort, operation, caller, values, soapAction, contentType, body, deadline, offloaded);
    }

    /** This request as an operation mapping rewrote it for the providers. */
    public RequestContext withForwarded(String newSoapAction, byte[] newBody) {
        return new RequestContext(virtualPort, operation, caller, contentValues, newSoapAction, contentType, newBody,
                deadline, offloaded);
    }

    /** This request with the client's deadline, and whether a peer forwarded it here. */
    public RequestContext withTerms(Deadline newDeadline, boolean wasOffloaded) {
        return new RequestContext(virtualPort, operation, caller, contentValues, soapAction, contentType, body,
                newDeadline, wasOffloaded);
    }
}
