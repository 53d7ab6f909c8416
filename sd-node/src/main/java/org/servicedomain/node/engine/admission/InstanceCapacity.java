package org.servicedomain.node.engine.admission;

import java.util.List;
import java.util.Map;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.qos.PortLimits;

/**
 * What an instance can serve, in requests per second: the {@value #ATTRIBUTE} attribute an
 * administrator (or a trusted provider) set, else an estimate from its adaptive concurrency limit:
 * the calls it serves at once over its response time without queueing (Little's law). A declared
 * figure is an upper bound on the rate; the concurrency limit applies either way.
 */
public final class InstanceCapacity {

    /** The instance attribute that sets its capacity in requests per second. */
    public static final String ATTRIBUTE = "capacityTps";
    /** A capacity; {@code tps} is NaN when nothing is set and nothing was measured yet. */
    public record Capacity(double tps, boolean estimated) {
        public boolean known() {
            return !Double.isNaN(tps);
        }
    }

    private final InstanceLimits limits;

    public InstanceCapacity(InstanceLimits limits) {
        this.limits = limits;
    }

    /** How many calls a port's instances may have at once, read live from their limits. */
    public PortLimits limitsOf(List<Instance> portInstances) {
        return limits.of(portInstances);
    }

    /** The instance's capacity as set, or as its concurrency limit estimates it. */
    public Capacity of(Instance instance) {
        Double set = set(instance.attributes());
        if (set != null) {
            return new Capacity(set, false);
        }
        return new Capacity(limits.capacityTps(instance.id()), true);
    }

    /** The capacity set in an instance's attributes, or null when none (or no positive number) is set. */
    public static Double set(Map<String, String> attributes) {
        String value = attributes.get(ATTRIBUTE);
        if (value == null) {
            return null;
        }
        try {
            double tps = Double.parseDouble(value.trim());
            return tps > 0 && !Double.isInfinite(tps) ? tps : null;
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
