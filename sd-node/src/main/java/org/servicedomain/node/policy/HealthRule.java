package org.servicedomain.node.policy;

import java.time.Duration;

/**
 * When the node ejects an instance by itself and how it checks that the instance is back: after
 * {@code ejectAfterFailures} failed dispatches in a row, it probes every {@code probeInterval},
 * doubling up to {@code maxProbeInterval}, until a probe passes.
 */
public record HealthRule(int ejectAfterFailures, Duration probeInterval, Duration maxProbeInterval) {

    public static final HealthRule DEFAULT = new HealthRule(5, Duration.ofSeconds(1), Duration.ofSeconds(30));

    public HealthRule {
        if (ejectAfterFailures < 1) {
            throw new IllegalArgumentException("ejectAfterFailures must be at least 1 but was " + ejectAfterFailures);
        }
        if (probeInterval.isNegative() || probeInterval.isZero() || maxProbeInterval.compareTo(probeInterval) < 0) {
            throw new IllegalArgumentException("probe intervals must be positive with the maximum at least the first, but were "
                    + probeInterval + " and " + maxProbeInterval);
        }
    }
}
