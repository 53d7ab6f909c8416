package org.servicedomain.client;

import java.util.List;
import org.servicedomain.home.v1.Attempt;

/**
 * A home operation that failed: the node's fault code ({@code NotAuthorized}, {@code InvalidPolicy},
 * ...) and message, with the instances tried for {@code NoInstanceAvailable} and {@code Timeout}.
 * A node that cannot be reached or answers something that is not a home-port fault has the code
 * {@link #UNREACHABLE}.
 */
public final class NodeClientException extends RuntimeException {

    /** The code of a node that did not answer (connection refused, timeout, not a SOAP answer). */
    public static final String UNREACHABLE = "Unreachable";

    /** One instance the node tried, in the order tried. */
    public record AttemptInfo(String instanceId, String endpointAddress, String reason) {
    }

    private final String code;
    private final transient List<AttemptInfo> attempts;

    public NodeClientException(String code, String message, List<AttemptInfo> attempts, Throwable cause) {
        super(message, cause);
        this.code = code;
        this.attempts = List.copyOf(attempts);
    }

    static NodeClientException of(org.servicedomain.home.v1.HomeFault fault) {
        org.servicedomain.home.v1.Fault info = fault.getFaultInfo();
        if (info == null) {
            return new NodeClientException("InternalError", fault.getMessage(), List.of(), fault);
        }
        List<AttemptInfo> attempts = info.getAttempt().stream().map(NodeClientException::attempt).toList();
        return new NodeClientException(info.getCode(), info.getMessage(), attempts, fault);
    }

    private static AttemptInfo attempt(Attempt a) {
        return new AttemptInfo(a.getInstanceId(), a.getEndpointAddress(), a.getReason());
    }

    /** The node's fault code ({@code sd:code}), or {@link #UNREACHABLE}. */
    public String code() {
        return code;
    }

    public List<AttemptInfo> attempts() {
        return attempts;
    }

    public boolean isUnreachable() {
        return UNREACHABLE.equals(code);
    }
}
