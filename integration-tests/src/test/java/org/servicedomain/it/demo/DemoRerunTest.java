package org.servicedomain.it.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.samples.SamplesMain;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.ScriptRun;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Issue 31, item 3: the demo can be run again after an administrator was created, {@code bin/sd-demo
 * --help} starts nothing, and a sample provider listens on one address when told to.
 */
class DemoRerunTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @Test
    void aSecondRunAfterTheAdministratorWasCreatedServesTheInstancesTheFirstRegistered() throws Exception {
        int basePort = fiveFreePorts();
        String node = domain.node().baseUri().toString();
        try (ScriptRun firstRun = demo(node, basePort)) {
            await().atMost(Duration.ofSeconds(90)).until(() -> firstRun.printed("READY demo registered"));
        }
        NodeClient.connect(domain.node().baseUri()).setUser(
                new NodeClient.UserEntry("root", "root-pw-1", "staff", List.of(), List.of("administrator")));

        try (ScriptRun secondRun = demo(node, basePort)) {
            await().atMost(Duration.ofSeconds(90)).until(() -> secondRun.printed("READY demo serving"));
            List<String> second = secondRun.lines();
            assertThat(secondRun.isAlive()).as("the second run keeps serving: %s", second).isTrue();
            assertThat(String.join("\n", second)).contains("already has an administrator").doesNotContain("sd-data");
            await().atMost(Duration.ofSeconds(30)).until(() ->
                    StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);
        }
    }

    @Test
    void theDemoScriptsHelpPrintsTheUsageAndStartsNothing() throws Exception {
        Process help = new ProcessBuilder("bash", Path.of("..", "bin", "sd-demo").toString(), "--help")
                .redirectErrorStream(true).start();
        String out = new String(help.getInputStream().readAllBytes(), StandardCharsets.UTF_8);

        assertThat(help.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(help.exitValue()).isZero();
        assertThat(out).startsWith("usage: bin/sd-demo").contains("--host ADDRESS").contains("DATA_DIR")
                .doesNotContain("node data in");
    }

    @Test
    void aProviderToldAHostListensThereOnly() throws Exception {
        SampleProvider provider = new SampleProvider(ProviderOptions.builder(SampleService.STOCKQUOTE, "quote-h")
                .host("127.0.0.2").build());
        try {
            provider.start();

            assertThat(provider.address().getHost()).isEqualTo("127.0.0.2");
            assertThat(StockQuoteCalls.getQuote(provider.address(), "ACME").status()).isEqualTo(200);
            assertThat(accepts("127.0.0.1", provider.port())).as("listening on 127.0.0.1 too").isFalse();
        } finally {
            provider.stop();
        }
    }

    private static boolean accepts(String host, int port) {
        try (Socket socket = new Socket(InetAddress.getByName(host), port)) {
            return true;
        } catch (IOException refused) {
            return false;
        }
    }

    private static ScriptRun demo(String node, int basePort) {
        return ScriptRun.start(new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SamplesMain.class.getName(),
                "demo", "--node", node, "--base-port", String.valueOf(basePort), "--host", "127.0.0.1"));
    }

    /** A base port whose next five ports are free on loopback now. */
    private static int fiveFreePorts() throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int base;
            try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                base = probe.getLocalPort();
            }
            if (base + 4 > 65_535) {
                continue;
            }
            List<ServerSocket> held = new ArrayList<>();
            try {
                for (int i = 0; i < 5; i++) {
                    held.add(new ServerSocket(base + i, 1, InetAddress.getLoopbackAddress()));
                }
                return base;
            } catch (IOException taken) {
                // try another base
            } finally {
                for (ServerSocket s : held) {
                    s.close();
                }
            }
        }
        throw new IOException("no five consecutive free ports found");
    }
}
