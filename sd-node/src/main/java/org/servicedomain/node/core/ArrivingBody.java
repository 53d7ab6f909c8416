package org.servicedomain.node.core;

import java.util.concurrent.CompletableFuture;

/**
 * A request's body as the entry reads it without holding a thread: completes with the bytes once
 * the client has sent them all, or fails with a {@link NodeFault} when the client sends too much
 * or too slowly.
 */
public record ArrivingBody(CompletableFuture<byte[]> bytes) {

    /** A body already read in full. */
    public static ArrivingBody of(byte[] body) {
        return new ArrivingBody(CompletableFuture.completedFuture(body));
    }
}
