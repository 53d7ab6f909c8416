package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.instance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SavedLatenciesTest {

    private static final long MS = 1_000_000L;

    @Test
    void aRestoredMonitorKnowsTheRecentResponseTimesFastestReads() throws IOException {
        InstanceMonitor before = new InstanceMonitor();
        before.dispatched(null, instance("slow"), 200 * MS);
        before.dispatched(null, instance("quick"), 5 * MS);

        InstanceMonitor after = new InstanceMonitor();
        new SavedLatencies(after, 100).restore(new SavedLatencies(before, 100).snapshot());

        assertThat(after.recentLatencyMs("slow")).isEqualTo(200.0);
        assertThat(after.recentLatencyMs("quick")).isEqualTo(5.0);
        assertThat(after.recentLatencyMs("never")).isNaN();
    }

    @Test
    void aFigureMeasuredSinceTheStartWinsOverTheSavedOne() throws IOException {
        InstanceMonitor monitor = new InstanceMonitor();
        monitor.dispatched(null, instance("a"), 30 * MS);

        new SavedLatencies(monitor, 100).restore("{\"a\": 900.0}".getBytes(StandardCharsets.UTF_8));

        assertThat(monitor.recentLatencyMs("a")).isEqualTo(30.0);
    }

    @Test
    void dropsTheFiguresOfInstancesNoLongerCataloged() throws IOException {
        InstanceMonitor monitor = new InstanceMonitor();
        new SavedLatencies(monitor, 100).restore("{\"a\": 10.0, \"gone\": 20.0}".getBytes(StandardCharsets.UTF_8));

        monitor.retainInstances(Set.of("a"));

        assertThat(monitor.recentLatencyMs("a")).isEqualTo(10.0);
        assertThat(monitor.recentLatencyMs("gone")).isNaN();
    }

    @Test
    void refusesASnapshotThatIsNotOneOrHoldsMoreInstancesThanTheNodeKeeps() {
        InstanceMonitor monitor = new InstanceMonitor();

        assertThatThrownBy(() -> new SavedLatencies(monitor, 100).restore("[1,2".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
        assertThatThrownBy(() -> new SavedLatencies(monitor, 1).restore("{\"a\": 1.0, \"b\": 2.0}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(IOException.class);
        assertThat(monitor.recentLatencyMs("a")).isNaN();
    }
}
