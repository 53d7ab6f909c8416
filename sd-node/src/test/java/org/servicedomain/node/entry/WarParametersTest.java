package org.servicedomain.node.entry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.config.NodeOption;
import org.servicedomain.node.config.NodeOptions;
import org.servicedomain.node.config.NodeSettings;
import org.servicedomain.node.config.WarParameter;
import org.servicedomain.node.network.ProviderNetworks;

/**
 * A WAR reads the node's options as context parameters under the names deployments already use, checks
 * them as the launcher does, and the deploy guide lists them as the option table says.
 */
class WarParametersTest {

    /** The context parameters WARs were configured with before the option table defined them. */
    private static final List<String> NAMES_IN_USE = List.of("sd.dataDir", "sd.maxMessageBytes", "sd.statisticsWindowSeconds",
            "sd.maxStateDataBytes", "sd.meteringRetentionDays", "sd.bodyTimeoutSeconds", "sd.minBodyBytesPerSecond",
            "sd.maxInstances", "sd.maxInstancesPerProvider", "sd.maxVirtualPorts", "sd.maxMeteringBytes", "sd.maxFixedChoices",
            "sd.statusSaveIntervalSeconds", "sd.loginFreeFailures", "sd.loginFreeFailuresPerSource", "sd.loginMaxBackoffSeconds",
            "sd.loginHashingThreads", "sd.nodeName", "sd.pollIntervalMs", "sd.parentSecret", "sd.metricsNetworks", "sd.metricsToken",
            "sd.publicBaseUrl", "sd.otlpEndpoint", "sd.tracingSampleRatio", "sd.allowNetworks", "sd.denyNetworks", "sd.zookeeper",
            "sd.cluster", "sd.clusterAuth", "sd.drainDelayMs", "sd.drainGraceMs", "sd.auditFile", "sd.auditMaxBytes");
    private static final Set<String> NUMBER_LABELS = Set.of("N", "S", "MS", "D", "RATIO");
    private static final String TABLE_BEGIN = "<!-- war context parameters: begin -->";
    private static final String TABLE_END = "<!-- war context parameters: end -->";

    private final Map<String, String> parameters = new HashMap<>();
    private final ServletContext context = mock(ServletContext.class);

    @BeforeEach
    void contextAnswersFromTheParameters() {
        when(context.getInitParameter(anyString())).thenAnswer(call -> parameters.get(call.<String>getArgument(0)));
    }

    private NodeSettings read() {
        return WarParameters.read(context, Map.of());
    }

    @Test
    void everyParameterAWarWasConfiguredWithIsReadUnderItsName() {
        List<String> names = NodeOptions.inWar().stream().map(option -> option.war().name()).toList();

        assertThat(names).containsAll(NAMES_IN_USE).doesNotHaveDuplicates();
        assertThat(WarParameter.nameOf("max-message-bytes")).isEqualTo("sd.maxMessageBytes");
    }

    @Test
    void theLaunchersListenersTlsLogsAndDiscoveryAreNoContextParameters() {
        for (String own : List.of("config", "port", "host", "relay-port", "tls-keystore", "tls-keystore-password", "console",
                "log-file", "access-log", "discovery", "tomcat-threads", "public-data-url", "header-timeout-seconds")) {
            assertThat(NodeOptions.named(own).launcherOnly()).as(own).isTrue();
        }
    }

    @Test
    void aParameterReachesTheNodesConfigThroughTheLaunchersSetter() {
        parameters.put("sd.maxConnections", "8192");
        parameters.put("sd.statisticsWindowSeconds", " 30 ");

        NodeConfig config = read().config();

        assertThat(config.outbound().maxConnectionsTotal()).isEqualTo(8192);
        assertThat(config.statisticsWindow()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void aBadValueFailsTheDeploymentWithTheLaunchersMessageNamingTheParameter() {
        parameters.put("sd.maxMessageBytes", "0");

        assertThatThrownBy(this::read).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("sd.maxMessageBytes must be between 1 and ");
    }

    @Test
    void everyNumericParameterRefusesWhatIsNoNumberNamingItself() {
        List<NodeOption> numeric = NodeOptions.inWar().stream().filter(option -> NUMBER_LABELS.contains(option.valueLabel())).toList();
        assertThat(numeric).hasSizeGreaterThan(20);
        for (NodeOption option : numeric) {
            parameters.clear();
            parameters.put(option.war().name(), "many");

            assertThatThrownBy(this::read).as(option.war().name()).isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining(option.war().name() + " needs a number");
        }
    }

    @Test
    void aNetworkListThatIsNoneIsRefusedNamingTheParameter() {
        parameters.put("sd.allowNetworks", "10.0.0.0/33");

        assertThatThrownBy(this::read).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("sd.allowNetworks: ").hasMessageContaining("10.0.0.0/33");
    }

    @Test
    void aClusterNameWithoutItsEnsembleIsRefusedInTheWarsWords() {
        parameters.put("sd.cluster", "quotes");

        assertThatThrownBy(this::read).hasMessageContaining("sd.zookeeper and sd.cluster go together");
    }

    @Test
    void aClusterCredentialWithoutAClusterIsRefusedWithoutShowingIt() {
        assertThatThrownBy(() -> WarParameters.read(context, Map.of("SD_CLUSTER_AUTH", "sd-members:members-password-1234")))
                .hasMessageContaining("sd.clusterAuth is for a member of a cluster").message()
                .doesNotContain("members-password-1234");
    }

    @Test
    void anOutboundTrustStoreTheNodeCannotUseFailsTheDeploymentNamingTheParameter() {
        parameters.put("sd.outboundTruststore", "no-such-store.p12");

        assertThatThrownBy(this::read).hasMessage("sd.outboundTruststore needs the trust store's password: sd.outboundTruststorePassword");
        assertThatThrownBy(() -> WarParameters.read(context, Map.of("SD_OUTBOUND_TRUSTSTORE_PASSWORD", "store-secret")))
                .hasMessage("sd.outboundTruststore: no file " + Path.of("no-such-store.p12").toAbsolutePath());
    }

    @Test
    void aSecretComesFromTheEnvironmentAsWarSecretsReadsIt() {
        NodeConfig config = WarParameters.read(context, Map.of("SD_PARENT_SECRET", "a-long-shared-secret-1234")).config();

        assertThat(config.hierarchy().parentSecret()).isEqualTo("a-long-shared-secret-1234");
    }

    @Test
    void aSystemPropertyGivesWhatTheContextLeavesOut() {
        System.setProperty("sd.nodeName", "from-a-property");
        try {
            assertThat(read().config().hierarchy().nodeName()).isEqualTo("from-a-property");
            parameters.put("sd.nodeName", "from-the-context");
            assertThat(read().config().hierarchy().nodeName()).isEqualTo("from-the-context");
        } finally {
            System.clearProperty("sd.nodeName");
        }
    }

    @Test
    void withoutParametersAWarDoesNotWaitForALoadBalancerAndDeniesLoopbackProviders() throws IOException {
        NodeConfig config = read().config();

        assertThat(config.drain()).isEqualTo(new DrainConfig(Duration.ZERO, DrainConfig.BEHIND_LOAD_BALANCER.grace()));
        ProviderNetworks networks = config.providerNetworks();
        assertThat(networks.permits(InetAddress.getByName("127.0.0.1"))).isFalse();
        assertThat(networks.permits(InetAddress.getByName("169.254.169.254"))).isFalse();
        assertThat(networks.permits(InetAddress.getByName("10.1.2.3"))).isTrue();
        assertThat(networks.denied().toString()).isEqualTo(ProviderNetworks.defaultFor(false).denied().toString());
    }

    @Test
    void theDeployGuidesParameterTableIsTheGeneratedOne() throws IOException {
        List<String> guide = Files.readAllLines(Path.of("..", "docs", "deploy.md"));
        int begin = guide.indexOf(TABLE_BEGIN);
        int end = guide.indexOf(TABLE_END);
        assertThat(begin).as("docs/deploy.md marks the WAR's parameter table").isNotNegative();

        assertThat(String.join("\n", guide.subList(begin + 1, end)) + "\n").isEqualTo(WarParameters.table());
    }

    @Test
    void everyParameterWebXmlNamesIsOneTheWarReads() throws IOException {
        String webXml = Files.readString(Path.of("src", "main", "webapp", "WEB-INF", "web.xml"));
        Set<String> named = new TreeSet<>();
        Matcher parameter = Pattern.compile("\\bsd\\.[a-z][A-Za-z]*").matcher(webXml);
        while (parameter.find()) {
            named.add(parameter.group());
        }

        assertThat(named).isNotEmpty()
                .isSubsetOf(NodeOptions.inWar().stream().map(option -> option.war().name()).collect(Collectors.toSet()));
    }
}
