package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.cluster.ClusterCredential;
import org.servicedomain.node.config.NodeOption;
import org.servicedomain.node.config.NodeOptions;
import org.servicedomain.node.config.NodeSettings;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.outbound.TestCertificate;
import org.servicedomain.node.outbound.TrustStore;

/** Launcher options from a configuration file and the environment, under the command line, and what --help and the README say. */
class LauncherConfigurationTest {

    @TempDir
    Path dir;

    @Test
    void theCommandLineBeatsTheEnvironmentWhichBeatsTheFileWhichBeatsTheDefault() throws IOException {
        Path file = Files.writeString(dir.resolve("node.properties"),
                "port=7001\nnode-name=from-file\nmax-instances=11\nlog-format=json\n");

        NodeSettings options = LauncherOptions.parse(new String[] {"--config", file.toString(), "--port", "7003"},
                Map.of("SD_PORT", "7002", "SD_NODE_NAME", "from-env"));

        assertThat(options.port()).isEqualTo(7003);
        assertThat(options.nodeName()).isEqualTo("from-env");
        assertThat(options.stateLimits().maxInstances()).isEqualTo(11);
        assertThat(options.logging().format()).isEqualTo("json");
        assertThat(options.dataDir()).isEqualTo(NodeOptions.find("data-dir").defaultValue());
    }

    @Test
    void aYamlFileNamedInTheEnvironmentGivesOptionsAndSecrets() throws IOException {
        Path file = Files.writeString(dir.resolve("node.yaml"),
                "port: 7010\naccess-log: true\nparent-secret: a-long-shared-secret\nallow-networks: 127.0.0.1/32\nhost:\n");

        NodeSettings options = LauncherOptions.parse(new String[0], Map.of("SD_CONFIG", file.toString()));

        assertThat(options.port()).isEqualTo(7010);
        assertThat(options.logging().accessLog()).isTrue();
        assertThat(options.config().hierarchy().parentSecret()).isEqualTo("a-long-shared-secret");
        assertThat(options.allowNetworks()).isEqualTo("127.0.0.1/32");
        assertThat(options.host()).isNull();
    }

    @Test
    void theClusterCredentialComesFromTheEnvironmentNeverTheCommandLine() {
        NodeSettings options = LauncherOptions.parse(new String[] {"--zookeeper", "127.0.0.1:2181", "--cluster", "c"},
                Map.of("SD_CLUSTER_AUTH", "sd-members:members-password-1234"));

        assertThat(options.cluster().credential()).isEqualTo(new ClusterCredential("sd-members", "members-password-1234"));
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--zookeeper", "127.0.0.1:2181", "--cluster", "c",
                "--cluster-auth", "sd-members:members-password-1234"}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).message().doesNotContain("members-password-1234");
    }

    @Test
    void aBadValueIsRefusedNamingWhereItCameFrom() throws IOException {
        Path file = Files.writeString(dir.resolve("node.yml"), "port: 70000\n");

        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--config", file.toString()}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(file + ": port")
                .hasMessageContaining("between 0 and 65535");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[0], Map.of("SD_MAX_CONNECTIONS", "many")))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SD_MAX_CONNECTIONS needs a number");
    }

    @Test
    void anUnknownNameInTheFileIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("node.properties"), "prot=8080\n");

        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--config", file.toString()}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown option 'prot'");
    }

    @Test
    void aNestedYamlValueIsRefused() throws IOException {
        Path file = Files.writeString(dir.resolve("node.yaml"), "port:\n  http: 8080\n");

        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--config", file.toString()}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'port' must be a single value");
    }

    @Test
    void aSecretOnTheCommandLineIsRefusedAndItsEnvironmentVariableNamed() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--tls-keystore-password", "pw"}, Map.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("SD_TLS_KEYSTORE_PASSWORD");
    }

    @Test
    void theOutboundTrustStoreIsWhatTheNodeTrustsOverHttpsAsPkcs12OrJksAndTheJvmsWhenLeftOut() throws Exception {
        TestCertificate provider = TestCertificate.generate(dir);
        for (String type : List.of("PKCS12", "JKS")) {
            Path store = provider.trustStore(dir.resolve("trusted." + type), type, "store-secret");

            TrustStore trust = LauncherOptions.parse(new String[] {"--outbound-truststore", store.toString()},
                    Map.of("SD_OUTBOUND_TRUSTSTORE_PASSWORD", "store-secret")).config().outbound().trustStore();

            assertThat(trust.file()).isEqualTo(store);
            assertThat(trust.certificates().getCertificate("provider")).as(type)
                    .isEqualTo(provider.keystore().getCertificate("provider"));
        }
        assertThat(LauncherOptions.parse(new String[0], Map.of()).config().outbound().trustStore()).isNull();
    }

    @Test
    void anOutboundTrustStoreTheNodeCannotUseStopsTheStartNamingTheOptionAndTheFile() throws Exception {
        Path store = TestCertificate.generate(dir).trustStore(dir.resolve("trusted.p12"), "PKCS12", "store-secret");
        Path missing = dir.resolve("missing.p12");
        Path text = Files.writeString(dir.resolve("trusted.pem"), "not a key store\n");
        Path empty = dir.resolve("empty.p12");
        KeyStore nothing = KeyStore.getInstance("PKCS12");
        nothing.load(null, null);
        try (OutputStream out = Files.newOutputStream(empty)) {
            nothing.store(out, "store-secret".toCharArray());
        }
        Map<String, String> password = Map.of("SD_OUTBOUND_TRUSTSTORE_PASSWORD", "store-secret");

        assertThatThrownBy(() -> trusting(missing, password)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--outbound-truststore: no file " + missing.toAbsolutePath());
        assertThatThrownBy(() -> trusting(store, Map.of("SD_OUTBOUND_TRUSTSTORE_PASSWORD", "wrong-secret")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--outbound-truststore: cannot read the trust store " + store.toAbsolutePath())
                .hasMessageContaining("password was incorrect").message().doesNotContain("wrong-secret");
        assertThatThrownBy(() -> trusting(text, password)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--outbound-truststore: cannot read the trust store " + text.toAbsolutePath());
        assertThatThrownBy(() -> trusting(empty, password)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--outbound-truststore: " + empty.toAbsolutePath() + " holds no certificate");
        assertThatThrownBy(() -> trusting(store, Map.of())).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--outbound-truststore needs the trust store's password:"
                        + " outbound-truststore-password (SD_OUTBOUND_TRUSTSTORE_PASSWORD)");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[0], password)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is the password of --outbound-truststore");
    }

    private static NodeSettings trusting(Path store, Map<String, String> environment) {
        return LauncherOptions.parse(new String[] {"--outbound-truststore", store.toString()}, environment);
    }

    @Test
    void theAccessLogIsASwitchOnTheCommandLineAndTrueOrFalseElsewhere() {
        assertThat(LauncherOptions.parse(new String[] {"--access-log"}, Map.of()).logging().accessLog()).isTrue();
        assertThat(LauncherOptions.parse(new String[] {"--access-log"}, Map.of("SD_ACCESS_LOG", "false")).logging().accessLog())
                .isTrue();
        assertThat(LauncherOptions.parse(new String[0], Map.of("SD_ACCESS_LOG", "false")).logging().accessLog()).isFalse();
        assertThat(LauncherOptions.parse(new String[0], Map.of()).logging().accessLog()).isFalse();
    }

    @Test
    void helpListsEveryOptionWithItsEnvironmentVariable() {
        String help = LauncherOptions.help();

        for (NodeOption option : NodeOptions.TABLE) {
            assertThat(help).contains(option.secret() ? option.name() : option.flag()).contains(option.environmentName());
        }
    }

    @Test
    void theReadmesOptionListIsWhatHelpPrints() throws IOException {
        List<String> readme = Files.readAllLines(Path.of("..", "README.md"));
        int start = readme.indexOf("<!-- launcher --help: begin -->");
        int end = readme.indexOf("<!-- launcher --help: end -->");
        assertThat(start).as("README.md marks the launcher's --help output").isNotNegative();
        List<String> block = new ArrayList<>(readme.subList(start + 1, end));
        assertThat(block.remove(0)).isEqualTo("```text");
        assertThat(block.remove(block.size() - 1)).isEqualTo("```");

        assertThat(String.join("\n", block) + "\n").isEqualTo(LauncherOptions.help());
    }
}
