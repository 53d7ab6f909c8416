package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.NodeProcess;

/** What the launcher says when it cannot start, or starts without a console. */
class LauncherStartTest {

    @TempDir
    Path dataDir;

    @Test
    void aPortAlreadyInUseIsOneClearLineAndExitCodeThree() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            int port = taken.getLocalPort();

            NodeProcess.Exit exit = NodeProcess.runToExit(Duration.ofSeconds(60), "--port", String.valueOf(port),
                    "--host", "127.0.0.1", "--data-dir", dataDir.toString(), "--console", "none");

            assertThat(exit.code()).isEqualTo(3);
            assertThat(exit.output()).hasSize(1);
            assertThat(exit.output().get(0)).contains("port " + port).contains("already in use").contains("--port");
        }
    }

    @Test
    void consoleNoneSaysNothingAboutAMissingWar() {
        try (NodeProcess node = NodeProcess.start(dataDir, "--console", "none")) {
            await().atMost(Duration.ofSeconds(30))
                    .until(() -> node.output().stream().anyMatch(line -> line.contains("admin console: none (--console none)")));
            assertThat(node.output()).noneMatch(line -> line.contains("sd-admin.war"));
        }
    }
}
