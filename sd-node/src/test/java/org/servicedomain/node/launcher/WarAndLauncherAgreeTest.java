package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import jakarta.servlet.ServletContext;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.config.NodeOption;
import org.servicedomain.node.config.NodeOptions;
import org.servicedomain.node.entry.WarParameters;
import org.servicedomain.node.outbound.TestCertificate;

/** A value given to a WAR as its context parameter sets the node's config as the same value given to the launcher. */
class WarAndLauncherAgreeTest {

    /** A value unlike the default for every option a WAR reads, by option name, but the trust store's file. */
    private static final Map<String, String> SAMPLES_BUT_FILES = Map.ofEntries(
            Map.entry("data-dir", "war-data"), Map.entry("node-name", "edge-1"), Map.entry("poll-interval-ms", "1500"),
            Map.entry("public-base-url", "http://127.0.0.1:8080/sd"), Map.entry("parent-secret", "a-long-shared-secret-1234"),
            Map.entry("metrics-token", "a-scraper-token-1234"), Map.entry("metrics-networks", "10.20.0.0/16"),
            Map.entry("allow-networks", "127.0.0.1"), Map.entry("deny-networks", "10.0.0.0/8"),
            Map.entry("max-message-bytes", "2048"), Map.entry("body-timeout-seconds", "7"),
            Map.entry("min-body-bytes-per-second", "99"), Map.entry("max-connections-per-instance", "64"),
            Map.entry("max-connections", "8192"), Map.entry("statistics-window-seconds", "30"),
            Map.entry("max-state-data-bytes", "128"), Map.entry("metering-retention-days", "7"),
            Map.entry("max-metering-bytes", "5000000000"), Map.entry("max-instances", "50"),
            Map.entry("max-instances-per-provider", "3"), Map.entry("max-virtual-ports", "7"),
            Map.entry("max-fixed-choices", "1000"), Map.entry("status-save-interval-seconds", "5"),
            Map.entry("login-free-failures", "2"), Map.entry("login-free-failures-per-source", "9"),
            Map.entry("login-max-backoff-seconds", "60"), Map.entry("login-hashing-threads", "4"),
            Map.entry("audit-file", "audit/war.log"), Map.entry("audit-max-bytes", "4096"),
            Map.entry("otlp-endpoint", "http://127.0.0.1:4318"), Map.entry("tracing-sample-ratio", "0.25"),
            Map.entry("zookeeper", "127.0.0.1:2181"), Map.entry("cluster", "quotes"),
            Map.entry("cluster-auth", "sd-members:members-password-1234"), Map.entry("drain-delay-ms", "1500"),
            Map.entry("drain-grace-ms", "0"));
    /** Options that are given together or not at all. */
    private static final List<Set<String>> TOGETHER = List.of(Set.of("zookeeper", "cluster", "cluster-auth"),
            Set.of("outbound-truststore", "outbound-truststore-password"));

    @TempDir
    static Path dir;
    /** A value unlike the default for every option a WAR reads. */
    private static Map<String, String> samples;

    @BeforeAll
    static void aTrustStoreToo() throws Exception {
        samples = new HashMap<>(SAMPLES_BUT_FILES);
        samples.put("outbound-truststore", TestCertificate.generate(dir).trustStore(dir.resolve("trusted.p12"), "PKCS12",
                "store-secret").toString());
        samples.put("outbound-truststore-password", "store-secret");
    }

    @Test
    void everyOptionAWarReadsHasASampleHere() {
        assertThat(samples.keySet()).isEqualTo(NodeOptions.inWar().stream().map(NodeOption::name).collect(Collectors.toSet()));
    }

    @Test
    void everyWarParameterSetsTheNodesConfigAsTheSameLauncherOptionDoes() {
        assertThat(described(war(samples))).isEqualTo(described(launcher(samples)));
    }

    @Test
    void everySampleReachesTheNodesConfig() {
        String all = described(war(samples));
        for (String option : samples.keySet()) {
            Map<String, String> without = new HashMap<>(samples);
            without.keySet().removeAll(TOGETHER.stream().filter(group -> group.contains(option)).findFirst().orElse(Set.of(option)));

            assertThat(described(war(without))).as(option).isNotEqualTo(all);
        }
    }

    @Test
    void withoutParametersAWarIsTheLauncherGivenTheWarsOwnDefaults() {
        Map<String, String> warDefaults = new LinkedHashMap<>();
        for (NodeOption option : NodeOptions.inWar()) {
            if (option.war().defaultValue() != null) {
                warDefaults.put(option.name(), option.war().defaultValue());
            }
        }
        assertThat(warDefaults).containsKeys("drain-delay-ms", "deny-networks");

        assertThat(described(war(Map.of()))).isEqualTo(described(launcher(warDefaults)));
    }

    private static NodeConfig launcher(Map<String, String> values) {
        Map<String, String> environment = new HashMap<>();
        values.forEach((name, value) -> environment.put(NodeOptions.named(name).environmentName(), value));
        return LauncherOptions.parse(new String[0], environment).config();
    }

    /** The WAR's config with {@code values} as context parameters, the secrets among them too. */
    private static NodeConfig war(Map<String, String> values) {
        Map<String, String> parameters = new HashMap<>();
        values.forEach((name, value) -> parameters.put(NodeOptions.named(name).war().name(), value));
        ServletContext context = mock(ServletContext.class);
        when(context.getInitParameter(anyString())).thenAnswer(call -> parameters.get(call.<String>getArgument(0)));
        return WarParameters.read(context, Map.of()).config();
    }

    /** Everything the config holds, its secrets too (its own text leaves them out). */
    private static String described(NodeConfig config) {
        return config + " parentSecret=" + config.hierarchy().parentSecret() + " bearerToken="
                + config.metricsAccess().bearerToken() + " clusterCredential="
                + (config.cluster() == null ? null : config.cluster().credential() == null ? null
                        : config.cluster().credential().user() + ":" + config.cluster().credential().password());
    }
}
