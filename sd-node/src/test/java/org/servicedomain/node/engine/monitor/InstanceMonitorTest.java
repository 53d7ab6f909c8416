package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.servicedomain.node.TestInstances.instance;

import org.junit.jupiter.api.Test;
import org.servicedomain.node.catalog.Instance;
import org.servicedomain.node.rendering.DispatchException;

class InstanceMonitorTest {

    private static final long MS = 1_000_000L;

    private final InstanceMonitor monitor = new InstanceMonitor();
    private final Instance a = instance("a");
    private final Instance b = instance("b");

    @Test
    void reportsNothingForAnInstanceItHasNotSeen() {
        InstanceMonitor.InstanceStats stats = monitor.statsOf("never-used");

        assertThat(stats.requests()).isZero();
        assertThat(stats.failures()).isZero();
        assertThat(stats.meanLatencyMs()).isZero();
    }

    @Test
    void countsRequestsFailuresAndMeanLatency() {
        monitor.dispatched(null, a, 10 * MS);
        monitor.dispatched(null, a, 20 * MS);
        monitor.dispatchFailed(null, a, 30 * MS, timeout());

        InstanceMonitor.InstanceStats stats = monitor.statsOf("a");

        assertThat(stats.requests()).isEqualTo(3);
        assertThat(stats.failures()).isEqualTo(1);
        assertThat(stats.meanLatencyMs()).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void keepsEachInstanceCountsApart() {
        monitor.dispatched(null, a, 4 * MS);
        monitor.dispatchFailed(null, b, 8 * MS, timeout());
        monitor.dispatchFailed(null, b, 2 * MS, timeout());

        assertThat(monitor.statsOf("a")).isEqualTo(new InstanceMonitor.InstanceStats(1, 0, 4.0));
        assertThat(monitor.statsOf("b")).isEqualTo(new InstanceMonitor.InstanceStats(2, 2, 5.0));
    }

    private static DispatchException timeout() {
        return new DispatchException(DispatchException.Kind.TIMEOUT, "no response within 30000 ms", null);
    }
}
