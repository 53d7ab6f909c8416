package org.servicedomain.node.rendering;

/**
 * A dispatch that got no usable answer from the instance, so another instance may be tried.
 * A provider's own SOAP fault is never one of these: it is a {@link ProviderReply}.
 */
public final class DispatchException extends Exception {

    /** Why the instance gave no usable answer. */
    public enum Kind {
        /** Refused, reset or closed before a response. */
        CONNECTION,
        /** No response within the instance's timeout. */
        TIMEOUT,
        /** An HTTP error status without a SOAP fault in the body. */
        HTTP_ERROR,
        /** A response the node cannot pass on, e.g. larger than the message limit. */
        PROTOCOL
    }

    private final Kind kind;

    public DispatchException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
