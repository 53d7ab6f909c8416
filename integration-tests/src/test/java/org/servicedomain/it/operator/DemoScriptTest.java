package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.RunningNode;

/** {@code bin/sd-demo} on a data directory whose node already has an administrator. */
class DemoScriptTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dataDir;

    @Test
    void theDemoOnADataDirectoryWithAnAdministratorExplainsWhatToDoAndStopsCleanly() throws Exception {
        try (RunningNode earlier = RunningNode.start(dataDir)) {
            NodeClient.connect(earlier.baseUri())
                    .setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        }
        ProcessBuilder demo = new ProcessBuilder("bash", ROOT.resolve("bin/sd-demo").toString()).directory(ROOT.toFile());
        demo.environment().put("PORT", String.valueOf(freePort()));
        demo.environment().put("DATA_DIR", dataDir.toString());
        demo.environment().put("PROVIDER_BASE_PORT", "0");

        NodeProcess.Exit exit = NodeProcess.runToExit(demo, Duration.ofSeconds(180));

        assertThat(exit.code()).as(String.join("\n", exit.output())).isEqualTo(3);
        assertThat(exit.output()).anyMatch(line -> line.contains("already has an administrator") && line.contains("DATA_DIR="));
        assertThat(exit.output()).as("no stack trace").noneMatch(line -> line.matches("\\s+at \\S+\\(.*\\)") || line.contains("Exception"));
        assertThat(Files.isDirectory(dataDir)).isTrue();
    }

    private static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return probe.getLocalPort();
        }
    }
}
