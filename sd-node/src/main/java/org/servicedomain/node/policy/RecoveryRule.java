package org.servicedomain.node.policy;

import java.time.Duration;
import java.util.Set;

/**
 * What the node does when a dispatch fails: try up to {@code retries} other instances, waiting at
 * most {@code instanceTimeout} for each (an instance's own timeout, set at register, wins), skip
 * instances sharing the value of {@code avoidSharedAttribute} with one that failed, and keep the
 * retries in flight on a port within {@code retryBudgetPercent} of its requests in flight.
 *
 * @param avoidSharedAttribute an instance attribute marking instances that fail together, or null
 * @param percolate whether a request a parent node sent is answered with a {@code Percolated} fault
 *     when the retries are spent, so the parent tries another child (docs/hierarchy.md)
 * @param idempotentOperations operations retried even after a timeout or reset once the request was sent
 * @param backOut the recovery action run when every attempt failed, or null
 * @param minInstances below this many operational instances the node borrows its peers'; 0 never
 */
public record RecoveryRule(int retries, Duration instanceTimeout, String avoidSharedAttribute, int retryBudgetPercent,
        boolean percolate, Set<String> idempotentOperations, BackOutRule backOut, int minInstances) {

    public static final int DEFAULT_RETRY_BUDGET_PERCENT = 20;
    /** Two retries, each instance given 5 s to answer (docs/security.md: a hung provider holds callers no longer). */
    public static final RecoveryRule DEFAULT = new RecoveryRule(2, Duration.ofSeconds(5), null);

    public RecoveryRule(int retries, Duration instanceTimeout) {
        this(retries, instanceTimeout, null);
    }

    public RecoveryRule(int retries, Duration instanceTimeout, String avoidSharedAttribute) {
        this(retries, instanceTimeout, avoidSharedAttribute, DEFAULT_RETRY_BUDGET_PERCENT);
    }

    public RecoveryRule(int retries, Duration instanceTimeout, String avoidSharedAttribute, int retryBudgetPercent) {
        this(retries, instanceTimeout, avoidSharedAttribute, retryBudgetPercent, false, Set.of(), null, 0);
    }

    public RecoveryRule {
        idempotentOperations = Set.copyOf(idempotentOperations);
        if (minInstances < 0) {
            throw new IllegalArgumentException("minInstances must not be negative but was " + minInstances);
        }
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative but was " + retries);
        }
        if (retryBudgetPercent < 0 || retryBudgetPercent > 100) {
            throw new IllegalArgumentException("retryBudgetPercent must be between 0 and 100 but was " + retryBudgetPercent);
        }
        if (instanceTimeout.isNegative() || instanceTimeout.isZero()) {
            throw new IllegalArgumentException("instanceTimeout must be positive but was " + instanceTimeout);
        }
    }

    /** Whether {@code operation} may be sent again after an attempt that may have reached the provider. */
    public boolean isIdempotent(String operation) {
        return idempotentOperations.contains(operation);
    }
}
