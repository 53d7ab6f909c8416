package org.servicedomain.node.policy;

import java.time.Duration;

/**
 * What the node does when a dispatch fails: try up to {@code retries} other instances, waiting at
 * most {@code instanceTimeout} for each (an instance's own timeout, set at register, wins), and
 * skip instances sharing the value of {@code avoidSharedAttribute} with one that failed.
 *
 * @param avoidSharedAttribute an instance attribute marking instances that fail together, or null
 */
public record RecoveryRule(int retries, Duration instanceTimeout, String avoidSharedAttribute) {

    public static final RecoveryRule DEFAULT = new RecoveryRule(2, Duration.ofSeconds(30), null);

    public RecoveryRule(int retries, Duration instanceTimeout) {
        this(retries, instanceTimeout, null);
    }

    public RecoveryRule {
        if (retries < 0) {
            throw new IllegalArgumentException("retries must not be negative but was " + retries);
        }
        if (instanceTimeout.isNegative() || instanceTimeout.isZero()) {
            throw new IllegalArgumentException("instanceTimeout must be positive but was " + instanceTimeout);
        }
    }
}
