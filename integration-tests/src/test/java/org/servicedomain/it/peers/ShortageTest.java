package org.servicedomain.it.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.EventReceiver;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A node whose only stock-quote instance goes away borrows its peer's instance of the port type,
 * serves with it, and gives it back once its own instance has passed its probe.
 */
class ShortageTest {

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private RunningNode nodeA;
    private RunningNode nodeB;
    private ProviderFleet providers;
    private EventReceiver eventsOfA;

    @BeforeEach
    void nodeAWithOneQuoteProviderAndPeerBWithAnother() throws Exception {
        nodeA = RunningNode.start(dirA);
        nodeB = RunningNode.start(dirB);
        eventsOfA = EventReceiver.start();
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        new DomainSetup(nodeA.home()).provider(providers.named("quote-a"), null);
        new DomainSetup(nodeB.home()).provider(providers.named("quote-b"), null);
    }

    @AfterEach
    void stop() {
        providers.close();
        nodeA.close();
        nodeB.close();
        eventsOfA.close();
    }

    @Test
    void aNodeWithNoInstanceLeftBorrowsAPeersInstanceAndStopsWhenItsOwnReturns() throws Exception {
        policyOfA(1);
        providers.named("quote-a").stop();

        for (int i = 0; i < 3; i++) {
            SoapReply reply = quoteAtA();
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-b");
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> has("BORROWING_STARTED"));
        assertThat(nodeA.home().getServiceInfo(new GetServiceInfo()).getInstance())
                .as("borrowed, not filed as its own").extracting(InstanceInfo::getEndpointAddress)
                .containsExactly(providers.named("quote-a").address().toString());

        providers.named("quote-a").restart();

        await().atMost(Duration.ofSeconds(20)).until(() -> "quote-a".equals(StockQuoteCalls.servedBy(quoteAtA())));
        await().atMost(Duration.ofSeconds(10)).until(() -> has("BORROWING_ENDED"));
        assertThat(StockQuoteCalls.servedBy(quoteAtA())).isEqualTo("quote-a");
    }

    @Test
    void withoutAMinimumOfInstancesTheNodeBorrowsNothing() throws Exception {
        policyOfA(0);
        providers.named("quote-a").stop();
        long quoteBBefore = providers.named("quote-b").requestsReceived();

        assertThat(quoteAtA().faultCode()).contains("NoInstanceAvailable");
        assertThat(providers.named("quote-b").requestsReceived()).isEqualTo(quoteBBefore);
    }

    private void policyOfA(int minInstances) throws Exception {
        new DomainSetup(nodeA.home()).policy("""
                <policy xmlns="urn:sd:policy:1">
                  <settings notifyUrl="%s"/>
                  <defaults>
                    <selection directive="round-robin"/>
                    <recovery retries="1" minInstances="%d"/>
                    <health ejectAfterFailures="1" probeIntervalMs="100" maxProbeIntervalMs="200"/>
                  </defaults>
                  <peers refreshMs="100"><peer address="%s"/></peers>
                </policy>
                """.formatted(eventsOfA.address(), minInstances, nodeB.homeAddress()));
        await().atMost(Duration.ofSeconds(10)).until(() -> nodeA.peerLoadIndex(nodeB.homeAddress()) != null);
    }

    private SoapReply quoteAtA() {
        URI port = nodeA.virtualPortAddress("StockQuotePortType");
        return StockQuoteCalls.getQuote(port, "ACME");
    }

    private boolean has(String type) {
        return eventsOfA.bodies().stream().anyMatch(b -> b.contains("\"type\":\"" + type + "\""));
    }
}
