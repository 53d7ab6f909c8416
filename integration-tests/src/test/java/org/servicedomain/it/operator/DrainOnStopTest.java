package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * A node of its own, behind whatever load balancer, stops the way a cluster member does
 * (docs/cluster.md, "Leaving: draining"): not ready first, serving on for the drain delay, then no new
 * connections, and the requests it has finished before it exits; on Tomcat's port and on the relay's.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class DrainOnStopTest {

    private static final Duration DELAY = Duration.ofSeconds(3);

    @TempDir
    Path dataDir;

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aStoppingNodeAnswersNotReadyFirstThenRefusesNewConnectionsAndFinishesTheRequestItHas(VirtualPortEntry entry)
            throws Exception {
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quote-a");
                RunningNode node = RunningNode.start(NodeConfig.builder(dataDir)
                        .drain(new DrainConfig(DELAY, Duration.ofSeconds(30))).build())) {
            SampleProvider provider = providers.named("quote-a");
            new DomainSetup(node.home()).provider(provider, null);
            URI port = entry.address(node, "StockQuotePortType");
            provider.setFaultMode(FaultMode.HANG);
            CompletableFuture<SoapReply> inFlight = CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(port, "ACME"));
            await().atMost(Duration.ofSeconds(10)).until(() -> provider.requestsReceived() == 1);

            CompletableFuture<Void> stopping = CompletableFuture.runAsync(node::stop);

            await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(50)).until(() -> readiness(node).status() == 503);
            assertThat(readiness(node).text()).contains("draining");
            assertThat(SoapExchange.get(node.virtualPortWsdl("StockQuotePortType")).status())
                    .as("still serving during the drain delay").isEqualTo(200);
            await().atMost(DELAY.plusSeconds(10)).pollInterval(Duration.ofMillis(50))
                    .until(() -> !acceptsConnections(port.getPort()));
            assertThat(inFlight).as("the request in flight is not cut").isNotDone();
            assertThat(stopping).as("the node waits for it").isNotDone();

            provider.setFaultMode(FaultMode.NONE);

            SoapReply answered = inFlight.get(20, TimeUnit.SECONDS);
            assertThat(answered.status()).isEqualTo(200);
            assertThat(StockQuoteCalls.servedBy(answered)).isEqualTo("quote-a");
            stopping.get(20, TimeUnit.SECONDS);
        }
    }

    @Test
    void sigtermMakesTheLauncherAnswerNotReadyForTheDrainDelayBeforeItExits() throws Exception {
        try (NodeProcess node = NodeProcess.start(dataDir, "--drain-delay-ms", Long.toString(DELAY.toMillis()))) {
            URI ready = URI.create(node.baseUri() + "/health/ready");
            assertThat(SoapExchange.get(ready).status()).isEqualTo(200);

            CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(node::terminate);

            await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(50)).until(() -> SoapExchange.get(ready).status() == 503);
            assertThat(SoapExchange.get(ready).text()).contains("draining");
            assertThat(exit).as("the process serves on for the drain delay").isNotDone();
            assertThat(exit.get(30, TimeUnit.SECONDS)).isEqualTo(143);
            assertThat(node.output()).anyMatch(line -> line.contains("drained: no request in flight"));
        }
    }

    private static SoapReply readiness(RunningNode node) {
        return SoapExchange.get(URI.create(node.baseUri() + "/health/ready"));
    }

    private static boolean acceptsConnections(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
