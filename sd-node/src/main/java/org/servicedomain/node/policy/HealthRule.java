package org.servicedomain.node.policy;

import java.time.Duration;

/**
 * When the node ejects an instance by itself and how it checks that the instance is back: after
 * {@code ejectAfterFailures} failed dispatches in a row, or when at least {@code minRequests}
 * dispatches in the statistics window failed at {@code ejectFailureRatio} or more (0: never), it
 * probes every {@code probeInterval}, doubling up to {@code maxProbeInterval}, until a probe
 * passes: a fetch of the instance's WSDL, or a call of the {@code probe} operation when one is named.
 */
public record HealthRule(int ejectAfterFailures, Duration probeInterval, Duration maxProbeInterval,
        double ejectFailureRatio, int minRequests, ProbeOperation probe) {

    public static final HealthRule DEFAULT = new HealthRule(5, Duration.ofSeconds(1), Duration.ofSeconds(30));

    /** An operation called to probe an instance, with the payload (the operation element, as XML text) it sends. */
    public record ProbeOperation(String operation, String payload) {
    }

    public HealthRule {
        if (ejectAfterFailures < 1) {
            throw new IllegalArgumentException("ejectAfterFailures must be at least 1 but was " + ejectAfterFailures);
        }
        if (probeInterval.isNegative() || probeInterval.isZero() || maxProbeInterval.compareTo(probeInterval) < 0) {
            throw new IllegalArgumentException("probe intervals must be positive with the maximum at least the first, but were "
                    + probeInterval + " and " + maxProbeInterval);
        }
        if (!(ejectFailureRatio >= 0 && ejectFailureRatio <= 1)) {
            throw new IllegalArgumentException("ejectFailureRatio must be between 0 and 1 but was " + ejectFailureRatio);
        }
        if (minRequests < 1) {
            throw new IllegalArgumentException("minRequests must be at least 1 but was " + minRequests);
        }
    }

    /** Ejection after failures in a row only, probed by WSDL. */
    public HealthRule(int ejectAfterFailures, Duration probeInterval, Duration maxProbeInterval) {
        this(ejectAfterFailures, probeInterval, maxProbeInterval, 0.0, 20, null);
    }

    /** Whether the failure ratio over the window ejects at all. */
    public boolean ejectsByRatio() {
        return ejectFailureRatio > 0;
    }
}
