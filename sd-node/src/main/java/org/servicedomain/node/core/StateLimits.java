package org.servicedomain.node.core;

/**
 * How much state a node keeps at most, so that no caller can grow it without bound.
 *
 * @param maxInstances instances in the catalog, all providers together
 * @param maxInstancesPerProvider instances one provider (the {@code sd.owner} of an instance) may own
 * @param maxVirtualPorts virtual ports in the catalog
 * @param maxMeteringBytes bytes of daily metering files; the oldest go first, and records are dropped
 *     (and counted) while today's file alone is larger
 * @param maxFixedChoices user and virtual port pairs whose {@code fixed} instance the node remembers;
 *     beyond that new pairs are refused (those users take turns) and the pinned ones keep their choice
 */
public record StateLimits(int maxInstances, int maxInstancesPerProvider, int maxVirtualPorts, long maxMeteringBytes,
        int maxFixedChoices) {

    public static final int DEFAULT_MAX_FIXED_CHOICES = 100_000;
    public static final StateLimits DEFAULT = new StateLimits(10_000, 200, 1_000, 1L << 30, DEFAULT_MAX_FIXED_CHOICES);

    public StateLimits {
        positive("maxInstances", maxInstances);
        positive("maxInstancesPerProvider", maxInstancesPerProvider);
        positive("maxVirtualPorts", maxVirtualPorts);
        positive("maxMeteringBytes", maxMeteringBytes);
        positive("maxFixedChoices", maxFixedChoices);
    }

    /** Limits with the default number of fixed choices. */
    public StateLimits(int maxInstances, int maxInstancesPerProvider, int maxVirtualPorts, long maxMeteringBytes) {
        this(maxInstances, maxInstancesPerProvider, maxVirtualPorts, maxMeteringBytes, DEFAULT_MAX_FIXED_CHOICES);
    }

    public StateLimits withMaxInstances(int max) {
        return new StateLimits(max, maxInstancesPerProvider, maxVirtualPorts, maxMeteringBytes, maxFixedChoices);
    }

    public StateLimits withMaxInstancesPerProvider(int max) {
        return new StateLimits(maxInstances, max, maxVirtualPorts, maxMeteringBytes, maxFixedChoices);
    }

    public StateLimits withMaxVirtualPorts(int max) {
        return new StateLimits(maxInstances, maxInstancesPerProvider, max, maxMeteringBytes, maxFixedChoices);
    }

    public StateLimits withMaxMeteringBytes(long max) {
        return new StateLimits(maxInstances, maxInstancesPerProvider, maxVirtualPorts, max, maxFixedChoices);
    }

    public StateLimits withMaxFixedChoices(int max) {
        return new StateLimits(maxInstances, maxInstancesPerProvider, maxVirtualPorts, maxMeteringBytes, max);
    }

    private static void positive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive but was " + value);
        }
    }
}
