package org.servicedomain.node.launcher;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryMode;

class DiscoveryOptionsTest {

    @Test
    void discoveryIsOffUnlessAsked() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--port", "9090"}).discovery();

        assertThat(discovery.mode()).isEqualTo(DiscoveryMode.OFF);
        assertThat(discovery.port()).isEqualTo(DiscoveryConfig.STANDARD_PORT);
    }

    @Test
    void modeInterfacePortAndScopesReachTheDiscoveryConfig() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--discovery", "managed", "--discovery-interface",
                "lo", "--discovery-port", "3703", "--discovery-scopes", "http://example.org/sd/sales, urn:x:y"}).discovery();

        assertThat(discovery.mode()).isEqualTo(DiscoveryMode.MANAGED);
        assertThat(discovery.interfaceName()).isEqualTo("lo");
        assertThat(discovery.port()).isEqualTo(3703);
        assertThat(discovery.scopes()).containsExactly("http://example.org/sd/sales", "urn:x:y");
        assertThat(discovery.group().getHostAddress()).isEqualTo(DiscoveryConfig.STANDARD_GROUP);
        assertThat(discovery.ttl()).isEqualTo(1);
    }

    @Test
    void scopesAreSeparatedBySpacesSoAnLdapScopeKeepsItsCommas() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--discovery-scopes",
                "ldap:///ou=sales,o=example  http://example.org/sd/a,b\turn:x:y"}).discovery();

        assertThat(discovery.scopes()).containsExactly("ldap:///ou=sales,o=example", "http://example.org/sd/a,b", "urn:x:y");
    }

    @Test
    void theAnswerDelayIsTheSpecificationsFiveHundredMillisecondsUnlessGiven() {
        assertThat(LauncherOptions.parse(new String[] {}).discovery().maxAnswerDelay()).isEqualTo(Duration.ofMillis(500));
        assertThat(LauncherOptions.parse(new String[] {"--discovery-answer-delay", "0"}).discovery().maxAnswerDelay())
                .isZero();
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-answer-delay", "-1"}))
                .hasMessageContaining("between 0 and 10000");
    }

    @Test
    void theOlderCommaSeparatedFormStillWorksWhereAUriFollowsTheComma() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--discovery-scopes",
                "http://example.org/sd/sales,ldap:///ou=hr,o=example,urn:x:y"}).discovery();

        assertThat(discovery.scopes()).containsExactly("http://example.org/sd/sales", "ldap:///ou=hr,o=example", "urn:x:y");
    }

    @Test
    void badValuesAreRefusedWithWhatWasExpected() {
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery", "sometimes"}))
                .hasMessageContaining("adhoc, managed or off");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-port", "70000"}))
                .hasMessageContaining("between 1 and 65535");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-scopes", "relative/scope"}))
                .hasMessageContaining("absolute");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-nonsense", "x"}))
                .hasMessageContaining("unknown option");
    }

    @Test
    void theBoundsOnAnswersReachTheDiscoveryLimits() {
        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--discovery-max-answer-bytes", "1472",
                "--discovery-answers-per-second", "3", "--discovery-answer-repeats", "1"}).discovery();

        assertThat(discovery.limits().maxAnswerBytes()).isEqualTo(1472);
        assertThat(discovery.limits().answersPerSecond()).isEqualTo(3);
        assertThat(discovery.limits().answerRepeats()).isEqualTo(1);
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-max-answer-bytes", "100"}))
                .hasMessageContaining("between 512 and 65507 but was 100");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-answers-per-second", "many"}))
                .hasMessageContaining("needs a number");
    }

    @Test
    void theManagedProxysMaximumOfRememberedTargetsReachesTheDiscoveryLimits() {
        assertThat(LauncherOptions.parse(new String[] {"--discovery-remembered-targets", "16"}).discovery().limits()
                .rememberedTargets()).isEqualTo(16);
        assertThat(LauncherOptions.parse(new String[] {}).discovery().limits().rememberedTargets()).isEqualTo(1024);
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-remembered-targets", "-1"}))
                .hasMessageContaining("rememberedTargets must be between 0 and 1000000 but was -1");
    }

    @Test
    void theSigningKeystoreAndTheTrustedSignersReachTheDiscoveryConfig(@TempDir Path dir) throws Exception {
        Path keystore = dir.resolve("discovery.p12");
        Path certificate = dir.resolve("signer.pem");
        keytool("-genkeypair", "-alias", "signer", "-keyalg", "RSA", "-keysize", "2048", "-validity", "2", "-dname", "CN=signer",
                "-storetype", "PKCS12", "-keystore", keystore.toString(), "-storepass", "store-secret", "-keypass", "store-secret");
        keytool("-exportcert", "-rfc", "-alias", "signer", "-keystore", keystore.toString(), "-storepass", "store-secret",
                "-file", certificate.toString());
        Path config = dir.resolve("node.properties");
        Files.writeString(config, "discovery-signing-keystore-password=store-secret\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));

        DiscoveryConfig discovery = LauncherOptions.parse(new String[] {"--config", config.toString(),
                "--discovery-signing-keystore", keystore.toString(), "--discovery-trusted-signers", certificate.toString()})
                .discovery();

        assertThat(discovery.signatures().signs()).isTrue();
        assertThat(discovery.signatures().required()).isTrue();
        assertThat(discovery.signatures().trusted()).singleElement()
                .satisfies(c -> assertThat(c.getSubjectX500Principal().getName()).isEqualTo("CN=signer"));
        assertThat(discovery.signatures().toString()).doesNotContain("store-secret");
        assertThatThrownBy(() -> LauncherOptions.parse(new String[] {"--discovery-trusted-signers", config.toString()}))
                .hasMessageContaining("trusted discovery signers");
    }

    private static void keytool(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "keytool")
                .toString()));
        command.addAll(List.of(arguments));
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true).start();
        String printed = new String(keytool.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(keytool.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(keytool.exitValue()).as(printed).isZero();
    }
}
