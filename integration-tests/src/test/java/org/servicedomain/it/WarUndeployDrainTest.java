package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DeployedWar;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The built {@code sd-node.war} in Tomcat drains on undeploy as the launcher does on SIGTERM (docs/cluster.md,
 * "Leaving: draining"): before Tomcat stops it, readiness answers 503 and its calls in flight get
 * {@code sd.drainGraceMs} to finish.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class WarUndeployDrainTest {

    private static final Path WAR = Path.of("..", "sd-node", "target", "sd-node.war");
    /** Tomcat's own wait for asynchronous requests when a context stops (StandardContext unloadDelay). */
    private static final Duration TOMCAT_UNLOAD_DELAY = Duration.ofSeconds(2);

    @TempDir
    Path dataDir;

    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void stopCallers() {
        callers.shutdownNow();
    }

    @Test
    void undeployingTheWarTakesTheNodeOutOfServiceAndLetsASlowCallInFlightFinish() throws Exception {
        try (DeployedWar node = deploy("30000"); ProviderFleet providers = ProviderFleet.stockQuotes("quote-a")) {
            URI port = virtualPort(node, providers);
            SampleProvider provider = providers.get(0);
            CompletableFuture<SoapReply> inFlight = slowCall(port, provider);

            CompletableFuture<Void> undeploy = CompletableFuture.runAsync(() -> stop(node), callers);

            await().atMost(Duration.ofSeconds(10)).until(() -> node.context().getState() == LifecycleState.STOPPING_PREP);
            await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                    assertThat(readiness(node)).as("not ready while it drains: balancers take it out").isEqualTo(503));
            await().during(TOMCAT_UNLOAD_DELAY.plusSeconds(1)).atMost(TOMCAT_UNLOAD_DELAY.plusSeconds(5)).until(() ->
                    node.context().getState() == LifecycleState.STOPPING_PREP && !inFlight.isDone());
            provider.setFaultMode(FaultMode.NONE);
            SoapReply reply = inFlight.get(30, TimeUnit.SECONDS);
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
            undeploy.get(30, TimeUnit.SECONDS);
            assertThat(node.context().getState()).isEqualTo(LifecycleState.STOPPED);
        }
    }

    @Test
    void withNoDrainGraceTheUndeployDoesNotWaitForTheNodesCallsInFlight() throws Exception {
        try (DeployedWar node = deploy("0"); ProviderFleet providers = ProviderFleet.stockQuotes("quote-a")) {
            URI port = virtualPort(node, providers);
            SampleProvider provider = providers.get(0);
            slowCall(port, provider);

            CompletableFuture<Void> undeploy = CompletableFuture.runAsync(() -> stop(node), callers);

            undeploy.get(30, TimeUnit.SECONDS);
            assertThat(provider.faultMode()).as("the call was still held when the application stopped").isEqualTo(FaultMode.HANG);
            assertThat(node.context().getState()).isEqualTo(LifecycleState.STOPPED);
            provider.setFaultMode(FaultMode.NONE);
        }
    }

    private DeployedWar deploy(String drainGraceMs) {
        return DeployedWar.deploy(WAR, "/sd", Map.of("sd.dataDir", dataDir.toString(),
                "sd.allowNetworks", "127.0.0.0/8", // providers on loopback: allowed explicitly (docs/security.md)
                "sd.drainGraceMs", drainGraceMs));
    }

    /** The virtual port of the fleet's provider, served and ready. */
    private static URI virtualPort(DeployedWar node, ProviderFleet providers) throws Exception {
        Registration registration = Registrations.register(HomeClient.connect(node.baseUri()), providers.get(0));
        URI port = URI.create(registration.getVirtualPortAddress());
        assertThat(StockQuoteCalls.getQuote(port, "ACME").status()).isEqualTo(200);
        assertThat(readiness(node)).isEqualTo(200);
        return port;
    }

    /** A call that {@code provider} holds until its fault mode changes; returns once the provider has it. */
    private CompletableFuture<SoapReply> slowCall(URI port, SampleProvider provider) {
        long before = provider.requestsReceived();
        provider.setFaultMode(FaultMode.HANG);
        CompletableFuture<SoapReply> call = CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(port, "ACME"), callers);
        await().atMost(Duration.ofSeconds(10)).until(() -> provider.requestsReceived() > before);
        return call;
    }

    private static int readiness(DeployedWar node) {
        return SoapExchange.get(URI.create(node.baseUri() + "/health/ready")).status();
    }

    private static void stop(DeployedWar node) {
        try {
            node.context().stop();
        } catch (LifecycleException e) {
            throw new IllegalStateException("the application did not stop", e);
        }
    }
}
