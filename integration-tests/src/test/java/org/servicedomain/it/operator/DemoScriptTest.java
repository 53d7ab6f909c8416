package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.ScriptRun;

/** {@code bin/sd-demo} on a data directory whose node already has an administrator: a second run of the demo. */
class DemoScriptTest {

    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

    @TempDir
    Path dataDir;

    @Test
    void theDemoOnADataDirectoryWithAnAdministratorExplainsItAndKeepsServingUntilStopped() throws Exception {
        try (RunningNode earlier = RunningNode.start(dataDir)) {
            NodeClient.connect(earlier.baseUri())
                    .setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        }
        ProcessBuilder demo = new ProcessBuilder("bash", ROOT.resolve("bin/sd-demo").toString()).directory(ROOT.toFile());
        demo.environment().put("PORT", String.valueOf(freePort()));
        demo.environment().put("DATA_DIR", dataDir.toString());
        demo.environment().put("PROVIDER_BASE_PORT", "0");

        try (ScriptRun run = ScriptRun.start(demo)) {
            await().atMost(Duration.ofSeconds(120)).until(() -> run.printed("READY demo serving") || !run.isAlive());

            List<String> output = run.lines();
            assertThat(run.isAlive()).as(String.join("\n", output)).isTrue();
            assertThat(output).contains("node data in " + dataDir);
            assertThat(output).anyMatch(line -> line.contains("already has an administrator"));
            assertThat(output).as("no stack trace").noneMatch(line -> line.matches("\\s+at \\S+\\(.*\\)") || line.contains("Exception"));
            assertThat(run.stop()).as("stopped by TERM, as Ctrl-C stops it").isNotEqualTo(-1);
        }
    }

    private static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            return probe.getLocalPort();
        }
    }
}
