package org.servicedomain.node.core;

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
    private final boolean requestSent;

    /** A failure that reached the provider unless it is a {@link Kind#CONNECTION} failure. */
    public DispatchException(Kind kind, String message, Throwable cause) {
        this(kind, kind != Kind.CONNECTION, message, cause);
    }

    /** @param requestSent whether the provider may have received the request (and acted on it) */
    public DispatchException(Kind kind, boolean requestSent, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
        this.requestSent = requestSent;
    }

    /**
     * Whether the request may have reached the provider: false only when the node knows it did
     * not (no connection, or the provider said it was unavailable), so sending it again is safe.
     */
    public boolean requestSent() {
        return requestSent;
    }

    public Kind kind() {
        return kind;
    }
}
