package org.servicedomain.node.core;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/** What a failed {@link java.util.concurrent.CompletableFuture} of the request path actually failed with. */
public final class Completions {

    private Completions() {
    }

    /** The failure inside the wrappers that futures add ({@link CompletionException}, {@link ExecutionException}). */
    public static Throwable cause(Throwable failure) {
        Throwable t = failure;
        while ((t instanceof CompletionException || t instanceof ExecutionException) && t.getCause() != null) {
            t = t.getCause();
        }
        return t;
    }

    /** {@code failure} thrown again as the unchecked exception that stages complete with. */
    public static CompletionException rethrown(Throwable failure) {
        return failure instanceof CompletionException c ? c : new CompletionException(failure);
    }
}
