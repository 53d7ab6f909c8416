package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The command lines end to end, as processes: a node launched with {@code --discovery managed} on
 * {@code lo} and a sample provider launched with {@code --announce}, which registers itself at start
 * and leaves with a Bye when it gets SIGTERM; the node's virtual port is found by probe over HTTP.
 */
class LaunchedDiscoveryTest {

    private static final QName QUOTE = new QName("urn:sd:samples:stockquote", "StockQuotePortType");

    @TempDir
    Path dataDir;

    @Test
    void anAnnouncingProviderProcessJoinsAndLeavesALaunchedNode() throws Exception {
        LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
        try (NodeProcess node = NodeProcess.start(dataDir, "--discovery", "managed", "--discovery-interface", "lo",
                "--discovery-port", Integer.toString(discovery.port()))) {
            SetPolicy policy = new SetPolicy();
            policy.setDocument(LoopbackDiscovery.policyAdmitting("<admit networks=\"127.0.0.0/8\"/>"));
            node.home().setPolicy(policy);
            List<String> output = new CopyOnWriteArrayList<>();
            Process provider = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                    "-cp", System.getProperty("java.class.path"), "org.servicedomain.samples.SamplesMain", "provider",
                    "--service", "stockquote", "--name", "announcer", "--port", "0", "--announce",
                    "--announce-interface", "lo", "--announce-port", Integer.toString(discovery.port()))
                    .redirectErrorStream(true).start();
            try {
                Thread reader = new Thread(() -> read(provider, output), "provider-output");
                reader.setDaemon(true);
                reader.start();

                await().atMost(Duration.ofSeconds(60)).until(() -> {
                    SoapReply reply = StockQuoteCalls.getQuote(
                            java.net.URI.create(node.baseUri() + "/services/ports/StockQuotePortType"), "IBM");
                    return reply.status() == 200 && "announcer".equals(StockQuoteCalls.servedBy(reply));
                });
                DiscoveryProbe probe = new DiscoveryProbe(null, List.of(LoopbackDiscovery.proxyOf(node.baseUri())),
                        Duration.ofSeconds(1), WsDiscoveryVersion.V2005);
                String portAddress = "http://127.0.0.1:" + node.virtualPortsBase().getPort() + "/sd/services/ports/StockQuotePortType";
                await().atMost(Duration.ofSeconds(5)).untilAsserted(() -> assertThat(probe.probe(List.of(QUOTE), List.of()))
                        .singleElement().satisfies(t -> assertThat(t.xaddrs()).containsExactly(portAddress)));

                provider.toHandle().destroy();
                assertThat(provider.waitFor(30, TimeUnit.SECONDS)).isTrue();

                await().atMost(Duration.ofSeconds(10))
                        .until(() -> node.home().getServiceInfo(new GetServiceInfo()).getInstance().isEmpty());
                assertThat(output).anyMatch(line -> line.contains("announced by WS-Discovery Hello"));
            } finally {
                provider.destroyForcibly();
            }
            assertThat(node.output()).anyMatch(line -> line.contains("WS-Discovery:  managed"));
        }
    }

    private static void read(Process process, List<String> output) {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                output.add(line);
            }
        } catch (IOException e) {
            output.add("output unreadable: " + e);
        }
    }
}
