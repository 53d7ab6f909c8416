package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.policy.TestPolicies;

/** WS-Discovery 1.1, Hello's MetadataVersion: a port's version never goes back, even when it leaves. */
class VirtualPortTargetsTest {

    private static final String BASE = "http://127.0.0.1:8080/sd";
    private static final CatalogSnapshot WITH_PORT = CatalogSnapshot.of(List.of(TestInstances.virtualPort()),
            List.of(TestPolicies.instance("quote-1", null, Map.of())));
    private static final CatalogSnapshot WITHOUT_INSTANCES = CatalogSnapshot.of(List.of(TestInstances.virtualPort()),
            List.of());

    @TempDir
    Path dataDir;

    private final AtomicReference<CatalogSnapshot> catalog = new AtomicReference<>(WITH_PORT);

    private VirtualPortTargets targets(long instanceId, DiscoveryState state) {
        return new VirtualPortTargets(catalog::get, BASE, List.of(), PortQuality.NONE, instanceId, state);
    }

    @Test
    void aPortThatLeavesAndReturnsAnnouncesAHigherMetadataVersion() {
        VirtualPortTargets targets = targets(100, DiscoveryState.inMemory());
        long first = targets.refresh().announced().get(0).metadataVersion();

        catalog.set(WITHOUT_INSTANCES);
        assertThat(targets.refresh().gone()).hasSize(1);
        catalog.set(WITH_PORT);
        long returned = targets.refresh().announced().get(0).metadataVersion();

        assertThat(first).isEqualTo(100);
        assertThat(returned).isGreaterThan(first);
    }

    @Test
    void aRestartedNodeAnnouncesAbovePastVersionsEvenWithAnOlderInstanceId() {
        VirtualPortTargets before = targets(100, DiscoveryState.open(dataDir));
        before.refresh();
        catalog.set(WITHOUT_INSTANCES);
        before.refresh();
        catalog.set(WITH_PORT);
        long last = before.refresh().announced().get(0).metadataVersion();

        long afterRestart = targets(50, DiscoveryState.open(dataDir)).refresh().announced().get(0).metadataVersion();

        assertThat(afterRestart).isGreaterThan(last);
    }
}
