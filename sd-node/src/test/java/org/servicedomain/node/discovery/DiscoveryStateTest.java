package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** WS-Discovery 1.1, Application Sequencing: InstanceId rises at every start; MetadataVersion never falls. */
class DiscoveryStateTest {

    private static final long SECOND = 1_796_000_000L;

    @TempDir
    Path dataDir;

    @Test
    void twoStartsInTheSameSecondGetDifferentRisingInstanceIds() {
        long first = DiscoveryState.open(dataDir).nextInstanceId(SECOND);
        long second = DiscoveryState.open(dataDir).nextInstanceId(SECOND);
        long third = DiscoveryState.open(dataDir).nextInstanceId(SECOND + 1);

        assertThat(first).isEqualTo(SECOND);
        assertThat(second).isEqualTo(SECOND + 1);
        assertThat(third).isEqualTo(SECOND + 2);
    }

    @Test
    void aClockSetBackStillGetsAHigherInstanceId() {
        DiscoveryState.open(dataDir).nextInstanceId(SECOND);

        assertThat(DiscoveryState.open(dataDir).nextInstanceId(SECOND - 3600)).isEqualTo(SECOND + 1);
    }

    @Test
    void theLastMetadataVersionOfEachTargetSurvivesARestartAndNeverFalls() {
        DiscoveryState state = DiscoveryState.open(dataDir);
        state.recordVersions(Map.of("urn:uuid:a", 7L, "urn:uuid:b", 3L));
        state.recordVersions(Map.of("urn:uuid:a", 5L));

        DiscoveryState restarted = DiscoveryState.open(dataDir);

        assertThat(restarted.lastVersion("urn:uuid:a")).isEqualTo(7);
        assertThat(restarted.lastVersion("urn:uuid:b")).isEqualTo(3);
        assertThat(restarted.lastVersion("urn:uuid:never")).isZero();
    }

    @Test
    void anUnreadableFileIsIgnoredAndReplaced() throws Exception {
        Path file = dataDir.resolve(DiscoveryState.FILE);
        Files.createDirectories(file.getParent());
        Files.writeString(file, "instance-id=not-a-number\n", StandardCharsets.UTF_8);

        assertThat(DiscoveryState.open(dataDir).nextInstanceId(SECOND)).isEqualTo(SECOND);
        assertThat(DiscoveryState.open(dataDir).nextInstanceId(SECOND)).isEqualTo(SECOND + 1);
    }
}
