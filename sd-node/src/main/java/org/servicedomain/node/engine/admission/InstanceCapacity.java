package org.servicedomain.node.engine.admission;

import java.util.Map;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.engine.monitor.InstanceMonitor;

/**
 * What an instance can serve, in requests per second: the {@value #ATTRIBUTE} attribute an
 * administrator (or a trusted provider) set, else an estimate from the monitor: the most requests
 * it had in flight at once in the last round over its recent response time (Little's law), with
 * a quarter of headroom so that the estimate can grow with demand instead of capping it.
 */
public final class InstanceCapacity {

    /** The instance attribute that sets its capacity in requests per second. */
    public static final String ATTRIBUTE = "capacityTps";
    /** How far above what it measured an estimate reaches. */
    static final double HEADROOM = 1.25;

    /** A capacity; {@code tps} is NaN when nothing is set and nothing was measured yet. */
    public record Capacity(double tps, boolean estimated) {
        public boolean known() {
            return !Double.isNaN(tps);
        }
    }

    private final InstanceMonitor monitor;

    public InstanceCapacity(InstanceMonitor monitor) {
        this.monitor = monitor;
    }

    /** The instance's capacity as set, or estimated now (which starts a new peak measurement). */
    public Capacity of(Instance instance) {
        Double set = set(instance.attributes());
        if (set != null) {
            return new Capacity(set, false);
        }
        int peak = Math.max(1, monitor.takePeakOutstanding(instance.id()));
        double latencyMs = monitor.recentLatencyMs(instance.id());
        if (Double.isNaN(latencyMs) || latencyMs <= 0) {
            return new Capacity(Double.NaN, true);
        }
        return new Capacity(HEADROOM * peak * 1000.0 / latencyMs, true);
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
