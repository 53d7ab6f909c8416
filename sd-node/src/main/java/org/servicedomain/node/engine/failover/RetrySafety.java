package org.servicedomain.node.engine.failover;

import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.policy.RecoveryRule;

/**
 * Says whether a failed attempt may be sent to another instance: always when the request never
 * reached the provider (no connection, a status saying it was not acted on, a kept-alive
 * connection closed as it went out), otherwise only for operations the recovery rule marks
 * idempotent, since the provider may already have acted on it.
 * A provider's SOAP fault never gets here: it is an answer.
 */
final class RetrySafety {

    private RetrySafety() {
    }

    static boolean mayRetry(DispatchException failure, RecoveryRule recovery, String operation) {
        return !failure.requestSent() || recovery.isIdempotent(operation);
    }

    /** Why a failure was not retried, for the fault the client gets. */
    static String whyNot(String operation) {
        return "not retried: the request may have reached the provider and operation " + operation
                + " is not marked idempotent";
    }
}
