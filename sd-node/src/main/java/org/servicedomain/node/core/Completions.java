package org.servicedomain.node.core;

import java.util.concurrent.CompletableFuture;
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

    /**
     * The value of {@code later}, waited for, on a thread that may wait: a failure is thrown as the
     * unchecked exception it failed with (a fault as itself), else in its wrapper.
     */
    public static <T> T joined(CompletableFuture<T> later) {
        try {
            return later.join();
        } catch (CompletionException e) {
            throw cause(e) instanceof RuntimeException cause ? cause : e;
        }
    }

    /** {@code failure} thrown again as the unchecked exception that stages complete with. */
    public static CompletionException rethrown(Throwable failure) {
        if (failure instanceof CompletionException c) {
            return c;
        }
        return failure instanceof NodeFault fault ? new Answered(fault) : new CompletionException(failure);
    }

    /**
     * A future failed with the node's {@code fault}, already in the wrapper the stages after it would
     * add. The wrapper has no stack trace: a fault is an answer, and under a flood of refusals filling
     * a trace for each one would cost more than the rest of the refusal.
     */
    public static <T> CompletableFuture<T> failed(NodeFault fault) {
        return CompletableFuture.failedFuture(new Answered(fault));
    }

    /** The wrapper of a fault that is the node's answer rather than a failure of its own. */
    private static final class Answered extends CompletionException {

        Answered(NodeFault fault) {
            super(fault.getMessage(), fault);
        }

        @Override
        public synchronized Throwable fillInStackTrace() {
            return this;
        }
    }
}
