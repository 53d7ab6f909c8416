package org.servicedomain.node.core;

import java.util.List;

/**
 * A failure the node reports to its caller as a SOAP fault with a {@link FaultCode}; thrown by any
 * component, rendered by the entry that received the request. Only an {@code InternalError} carries
 * a stack trace: the other codes are answers (a full queue, a spent deadline), whose message says
 * what happened, and a flood of them must stay cheap.
 */
public class NodeFault extends RuntimeException {

    /**
     * One instance the node tried for a request, and why that try failed.
     *
     * @param path where the attempt went below this node ({@code A/X}: child node A, its instance
     *     X), or null for an instance of this node
     */
    public record Attempt(String instanceId, String endpointAddress, String reason, String path) {

        public Attempt(String instanceId, String endpointAddress, String reason) {
            this(instanceId, endpointAddress, reason, null);
        }
    }

    private final FaultCode code;
    private final List<Attempt> attempts;

    public NodeFault(FaultCode code, String message) {
        this(code, message, List.of(), null);
    }

    public NodeFault(FaultCode code, String message, Throwable cause) {
        this(code, message, List.of(), cause);
    }

    public NodeFault(FaultCode code, String message, List<Attempt> attempts) {
        this(code, message, attempts, null);
    }

    private NodeFault(FaultCode code, String message, List<Attempt> attempts, Throwable cause) {
        super(message, cause, true, code == FaultCode.InternalError);
        this.code = code;
        this.attempts = List.copyOf(attempts);
    }

    public FaultCode code() {
        return code;
    }

    public List<Attempt> attempts() {
        return attempts;
    }
}
