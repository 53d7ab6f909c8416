package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.NodeConfig;

class LauncherOptionsTest {

    @Test
    void monitorAndMeteringSettingsFromTheCommandLineReachTheNodesConfig() {
        NodeConfig config = LauncherOptions.parse(new String[] {"--data-dir", "d", "--statistics-window-seconds", "30",
                "--max-state-data-bytes", "128", "--metering-retention-days", "7"}).config(null);

        assertThat(config.statisticsWindow()).isEqualTo(Duration.ofSeconds(30));
        assertThat(config.maxStateDataBytes()).isEqualTo(128);
        assertThat(config.meteringRetentionDays()).isEqualTo(7);
    }

    @Test
    void settingsLeftOutKeepTheirDefaults() {
        NodeConfig config = LauncherOptions.parse(new String[] {"--port", "9090"}).config(null);

        assertThat(config.statisticsWindow()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.maxStateDataBytes()).isEqualTo(4096);
        assertThat(config.meteringRetentionDays()).isEqualTo(400);
    }

    @Test
    void aWindowOfZeroSecondsIsRefusedWithItsBounds() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--statistics-window-seconds", "0"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 1 and 86400");
    }
}
