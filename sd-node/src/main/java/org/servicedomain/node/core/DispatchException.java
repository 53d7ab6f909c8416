package org.servicedomain.node.core;

import java.util.concurrent.CompletableFuture;

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

    private static final CompletableFuture<Void> THROUGH = CompletableFuture.completedFuture(null);

    private final Kind kind;
    private final boolean requestSent;
    private final CompletableFuture<Void> providerThrough;

    /** A failure that reached the provider unless it is a {@link Kind#CONNECTION} failure. */
    public DispatchException(Kind kind, String message, Throwable cause) {
        this(kind, kind != Kind.CONNECTION, message, cause);
    }

    /** @param requestSent whether the provider may have received the request (and acted on it) */
    public DispatchException(Kind kind, boolean requestSent, String message, Throwable cause) {
        this(kind, requestSent, message, cause, THROUGH);
    }

    /**
     * A {@link Kind#TIMEOUT} after the request was sent, while the provider may still be serving it:
     * {@code providerThrough} completes when it no longer is (its answer arrived, or the connection ended).
     */
    public DispatchException(String message, CompletableFuture<Void> providerThrough) {
        this(Kind.TIMEOUT, true, message, null, providerThrough);
    }

    private DispatchException(Kind kind, boolean requestSent, String message, Throwable cause,
            CompletableFuture<Void> providerThrough) {
        super(message, cause);
        this.kind = kind;
        this.requestSent = requestSent;
        this.providerThrough = providerThrough;
    }

    /**
     * Completes when the provider is through with the request, so that its place there is free
     * again; already complete unless the node stopped waiting for an answer the provider may still send.
     */
    public CompletableFuture<Void> providerThrough() {
        return providerThrough;
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
