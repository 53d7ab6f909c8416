package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.session.LoginLimits;

class LauncherOptionsTest {

    @Test
    void tomcatsRequestThreadsAreSixteenUnlessTheCommandLineSaysOtherwise() {
        assertThat(LauncherOptions.parse(new String[] {"--port", "9090"}).config(null).tomcatThreads())
                .isEqualTo(NodeConfig.DEFAULT_TOMCAT_THREADS).isEqualTo(16);
        assertThat(LauncherOptions.parse(new String[] {"--tomcat-threads", "4"}).config(null).tomcatThreads()).isEqualTo(4);
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--tomcat-threads", "0"}))
                .hasMessageContaining("--tomcat-threads");
    }

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
        assertThat(config.statusSaveInterval()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void theStatusSaveIntervalAndTheMostFixedChoicesReachTheNodesConfig() {
        NodeConfig config = LauncherOptions.parse(new String[] {"--status-save-interval-seconds", "5",
                "--max-fixed-choices", "1000"}).config(null);

        assertThat(config.statusSaveInterval()).isEqualTo(Duration.ofSeconds(5));
        assertThat(config.stateLimits().maxFixedChoices()).isEqualTo(1000);
    }

    @Test
    void aWindowOfZeroSecondsIsRefusedWithItsBounds() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--statistics-window-seconds", "0"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 1 and 86400");
    }

    @Test
    void stateAndLoginLimitsFromTheCommandLineReachTheNodesConfig() {
        NodeConfig config = LauncherOptions.parse(new String[] {"--max-instances", "50", "--max-instances-per-provider", "3",
                "--max-virtual-ports", "7", "--max-metering-bytes", "5000000000", "--login-free-failures", "2",
                "--login-free-failures-per-source", "9", "--login-max-backoff-seconds", "60",
                "--login-hashing-threads", "4"}).config(null);

        assertThat(config.stateLimits()).isEqualTo(new StateLimits(50, 3, 7, 5_000_000_000L));
        assertThat(config.loginLimits().freeFailuresPerUser()).isEqualTo(2);
        assertThat(config.loginLimits().freeFailuresPerSource()).isEqualTo(9);
        assertThat(config.loginLimits().maxBackoff()).isEqualTo(Duration.ofSeconds(60));
        assertThat(config.loginLimits().forgetAfter()).isGreaterThanOrEqualTo(Duration.ofSeconds(60));
        assertThat(config.loginLimits().hashingThreads()).isEqualTo(4);
    }

    @Test
    void limitsLeftOutKeepTheirDefaults() {
        NodeConfig config = LauncherOptions.parse(new String[] {"--port", "9090"}).config(null);

        assertThat(config.stateLimits()).isEqualTo(StateLimits.DEFAULT);
        assertThat(config.loginLimits()).isEqualTo(LoginLimits.DEFAULT);
    }

    @Test
    void aMaximumBackoffShorterThanTheFirstWaitShortensTheFirstWait() {
        LoginLimits limits = LauncherOptions.parse(new String[] {"--login-max-backoff-seconds", "1"}).loginLimits();

        assertThat(limits.firstBackoff()).isEqualTo(Duration.ofSeconds(1));
        assertThat(limits.maxBackoff()).isEqualTo(Duration.ofSeconds(1));
    }

    @Test
    void trustedProxiesMustBeARegularExpression() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--trusted-proxies", "10\\.(0"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--trusted-proxies");
    }

    @Test
    void connectionPoolSizesFromTheCommandLineReachTheNodesConfig() {
        NodeConfig config = LauncherOptions.parse(new String[] {"--max-connections-per-instance", "64",
                "--max-connections", "8192"}).config(null);

        assertThat(config.outbound().maxConnectionsPerInstance()).isEqualTo(64);
        assertThat(config.outbound().maxConnectionsTotal()).isEqualTo(8192);
    }

    @Test
    void zookeeperAndClusterMakeTheNodeAMemberAndWithoutThemItIsANodeOfItsOwn() {
        NodeConfig member = LauncherOptions.parse(new String[] {"--zookeeper", "zk1:2181,zk2:2181", "--cluster", "quotes"})
                .config(null);

        assertThat(member.cluster().zookeeper()).isEqualTo("zk1:2181,zk2:2181");
        assertThat(member.cluster().root()).isEqualTo("/servicedomain/quotes");
        assertThat(LauncherOptions.parse(new String[] {"--port", "9090"}).config(null).cluster()).isNull();
    }

    @Test
    void zookeeperWithoutAClusterNameIsRefused() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--zookeeper", "zk1:2181"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--zookeeper and --cluster go together");
    }

    @Test
    void aClusterNameThatIsNoPathSegmentIsRefused() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--zookeeper", "zk1:2181", "--cluster", "a/b"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cluster must be");
    }

    @Test
    void theDrainDelayAndGraceReachTheNodesConfigAndALauncherWithoutThemWaitsForALoadBalancer() {
        NodeConfig given = LauncherOptions.parse(new String[] {"--drain-delay-ms", "1500", "--drain-grace-ms", "0"}).config(null);
        NodeConfig left = LauncherOptions.parse(new String[] {"--port", "9090"}).config(null);

        assertThat(given.drain().delay()).isEqualTo(Duration.ofMillis(1500));
        assertThat(given.drain().grace()).isZero();
        assertThat(left.drain()).isEqualTo(org.servicedomain.node.DrainConfig.BEHIND_LOAD_BALANCER);
        assertThat(left.drain().delay()).isPositive();
    }

    @Test
    void aNegativeDrainDelayIsRefusedWithItsBounds() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--drain-delay-ms", "-1"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("--drain-delay-ms must be between 0 and");
    }

    @Test
    void theTracingSampleRatioReachesTheNodesConfigBesideTheEndpointAndAllIsRecordedWhenItIsLeftOut() {
        NodeConfig given = LauncherOptions.parse(new String[] {"--otlp-endpoint", "http://127.0.0.1:4318",
                "--tracing-sample-ratio", "0.25"}).config(null);
        NodeConfig left = LauncherOptions.parse(new String[] {"--otlp-endpoint", "http://127.0.0.1:4318"}).config(null);

        assertThat(given.tracing().otlpEndpoint()).isEqualTo("http://127.0.0.1:4318");
        assertThat(given.tracing().sampleRatio()).isEqualTo(0.25);
        assertThat(left.tracing().sampleRatio()).isEqualTo(1.0);
    }

    @Test
    void aTracingSampleRatioOutsideZeroToOneOrNotANumberIsRefused() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--tracing-sample-ratio", "1.5"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--tracing-sample-ratio must be between 0 and 1 but was 1.5");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--tracing-sample-ratio", "-0.1"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 0 and 1");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--tracing-sample-ratio", "half"}))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("needs a number from 0 to 1 but got half");
    }
}
