package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.testsupport.DeployedWar;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.SoapExchange;

/**
 * Secrets given to a node are never repeated where others can read them: not in the launcher's
 * errors, not silently in a config file other users may read, and a WAR can take them from a file
 * instead of a system property that {@code ps} shows.
 */
class LauncherSecretsTest {

    private static final String SECRET = "correct-horse-battery-staple-27";
    private static final Path WAR = Path.of("..", "sd-node", "target", "sd-node.war");

    @TempDir
    Path dir;

    @Test
    void aSecretGivenWithAnEqualsSignIsRefusedWithoutBeingEchoed() {
        for (String argument : new String[] {"--parent-secret=" + SECRET, "--no-such-option=" + SECRET, SECRET}) {
            NodeProcess.Exit exit = NodeProcess.runToExit(Duration.ofSeconds(60), "--data-dir", dir.toString(), argument);

            assertThat(exit.code()).as(argument).isEqualTo(2);
            assertThat(String.join("\n", exit.output())).as(argument).doesNotContain(SECRET).isNotBlank();
        }
    }

    @Test
    void aConfigFileHoldingASecretThatOthersMayReadIsWarnedAboutByNameAndMode() throws Exception {
        Path config = dir.resolve("node.properties");
        Files.writeString(config, "parent-secret=" + SECRET + "\n");
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-r--r--"));

        try (NodeProcess node = NodeProcess.start(dir.resolve("data"), "--config", config.toString())) {
            await().atMost(Duration.ofSeconds(10)).until(() -> node.output().stream().anyMatch(l -> l.contains("WARN")
                    && l.contains(config.toAbsolutePath().toString()) && l.contains("0644")));
            assertThat(String.join("\n", node.output())).doesNotContain(SECRET);
        }
        Files.setPosixFilePermissions(config, PosixFilePermissions.fromString("rw-------"));
        try (NodeProcess node = NodeProcess.start(dir.resolve("data"), "--config", config.toString())) {
            assertThat(node.output()).noneMatch(l -> l.contains(config.toAbsolutePath().toString()) && l.contains("WARN"));
        }
    }

    @Test
    void aWarReadsItsParentSecretFromAFileSoNoSystemPropertyShowsItInPs() throws Exception {
        Path secretFile = dir.resolve("parent-secret");
        Files.write(secretFile, (SECRET + "\n").getBytes(StandardCharsets.UTF_8));
        Files.setPosixFilePermissions(secretFile, PosixFilePermissions.fromString("rw-------"));

        try (DeployedWar node = DeployedWar.deploy(WAR, "/sd", Map.of("sd.dataDir", dir.resolve("data").toString(),
                "sd.parentSecretFile", secretFile.toString()))) {
            URI load = URI.create(node.baseUri() + "/load");

            assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of(SECRET, "GET", load))).status())
                    .isEqualTo(200);
            assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of("some-other-secret-of-27", "GET", load)))
                    .status()).as("the secret from the file is the one checked").isEqualTo(403);
        }
    }
}
