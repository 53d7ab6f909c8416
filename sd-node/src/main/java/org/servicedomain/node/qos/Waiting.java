package org.servicedomain.node.qos;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A request parked in a flow's queue: no thread, only the ticket its stage waits on, its deadline
 * and the timer task that answers it when the deadline comes first. Exactly one of release and
 * expiry wins.
 */
final class Waiting {

    /** Completes with the quickest instance's unqueued response time when the request is let on ({@link FlowScheduler#admit}). */
    final CompletableFuture<Long> ticket = new CompletableFuture<>();
    final long deadlineNanos;
    final long queuedAtNanos;
    private final AtomicBoolean settled = new AtomicBoolean();
    private volatile Future<?> expiry;

    Waiting(long queuedAtNanos, long deadlineNanos) {
        this.queuedAtNanos = queuedAtNanos;
        this.deadlineNanos = deadlineNanos;
    }

    void expiresWith(Future<?> task) {
        expiry = task;
    }

    /** Claims the request for leaving or for expiry; false when the other already claimed it. */
    boolean settle() {
        if (!settled.compareAndSet(false, true)) {
            return false;
        }
        Future<?> task = expiry;
        if (task != null) {
            task.cancel(false);
        }
        return true;
    }

    boolean isSettled() {
        return settled.get();
    }
}
