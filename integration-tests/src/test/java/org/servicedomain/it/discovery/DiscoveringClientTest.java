package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.CandidateCache;
import org.servicedomain.client.discovery.DiscoveringClient;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.stockquote.GetQuote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/**
 * A client generated for the stock-quote port type finds both nodes' virtual ports by multicast
 * probe and keeps every call answered while the node it uses is stopped; with switching off it
 * leaves failures to its caller; its first call goes at the first answer; a second client of the
 * same type starts from the shared candidates.
 */
class DiscoveringClientTest {

    private static final QName QUOTE = DiscoveryNodes.QUOTE;

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private DiscoveryNodes nodes;
    private LoopbackDiscovery discovery;
    private RunningNode nodeA;
    private RunningNode nodeB;
    private Discovery discoveryA;
    private Discovery discoveryB;
    private ProviderFleet providers;

    @BeforeEach
    void twoNodesEachWithAQuoteProvider() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-a", "quote-b");
        discovery = nodes.discovery();
        providers = nodes.providers();
        nodeA = nodes.node(dirA, "quote-a");
        nodeB = nodes.node(dirB, "quote-b");
        discoveryA = nodeA.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
        discoveryB = nodeB.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    private StockQuotePortType discoveringClient() {
        return DiscoveringClient.create(StockQuotePortType.class, plainPort(), probe(Duration.ofMillis(700)), QUOTE, List.of());
    }

    private static StockQuotePortType plainPort() {
        return DiscoveryNodes.undiscoveredQuotePort();
    }

    private DiscoveryProbe probe(Duration wait) {
        return nodes.multicastProbe(wait, WsDiscoveryVersion.V11);
    }

    @Test
    void withSwitchingOffAFailureGoesToTheCallerAndTheClientStaysOnItsNode() throws Exception {
        StockQuotePortType client = DiscoveringClient.builder(StockQuotePortType.class, plainPort(),
                probe(Duration.ofMillis(700)), QUOTE).switchOnFailure(false).build();
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            DiscoveringClient.of(client).reprobe();
            return DiscoveringClient.of(client).addresses().size() == 2;
        });
        List<String> before = DiscoveringClient.of(client).addresses();
        boolean firstIsA = before.get(0).contains(":" + nodeA.dataPlanePort() + "/");
        providers.named(firstIsA ? "quote-a" : "quote-b").stop();

        assertThatThrownBy(() -> client.getQuote(new GetQuote("IBM")))
                .isInstanceOf(jakarta.xml.ws.soap.SOAPFaultException.class);
        assertThat(DiscoveringClient.of(client).addresses()).containsExactlyElementsOf(before);
    }

    @Test
    void theFirstCallGoesAtTheFirstAnswerWhileTheProbeGoesOnCollecting() throws Exception {
        // long enough that a first call waiting for the whole probe could not pass for one that did not, on a busy machine
        Duration wholeProbe = Duration.ofSeconds(10);
        StockQuotePortType client = DiscoveringClient.create(StockQuotePortType.class, plainPort(), probe(wholeProbe),
                QUOTE, List.of());

        long started = System.nanoTime();
        String provider = client.getQuote(new GetQuote("IBM")).getProvider();
        Duration firstCall = Duration.ofNanos(System.nanoTime() - started);

        assertThat(provider).isIn("quote-a", "quote-b");
        assertThat(firstCall).isLessThan(wholeProbe.dividedBy(2));
        await().atMost(wholeProbe.plusSeconds(2)).until(() -> DiscoveringClient.of(client).addresses().size() == 2);
    }

    @Test
    void aSecondClientOfTheSameTypeStartsFromTheCandidatesTheFirstFoundWithoutProbing() throws Exception {
        CandidateCache cache = new CandidateCache(8, Duration.ofMinutes(1), System::nanoTime);
        StockQuotePortType first = DiscoveringClient.builder(StockQuotePortType.class, plainPort(),
                probe(Duration.ofMillis(700)), QUOTE).cache(cache).build();
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            DiscoveringClient.of(first).reprobe();
            return DiscoveringClient.of(first).addresses().size() == 2;
        });
        discoveryA.close();
        discoveryB.close(); // from now on a probe finds nothing, though both nodes still serve

        StockQuotePortType second = DiscoveringClient.builder(StockQuotePortType.class, plainPort(),
                probe(Duration.ofMillis(700)), QUOTE).cache(cache).build();

        assertThat(DiscoveringClient.of(second).addresses()).as("known the moment it is built")
                .containsExactlyInAnyOrderElementsOf(DiscoveringClient.of(first).addresses());
        assertThat(second.getQuote(new GetQuote("IBM")).getProvider()).isIn("quote-a", "quote-b");
    }

    @Test
    void survivesTheNodeItUsesBeingStoppedWithoutAFailedCall() throws Exception {
        StockQuotePortType client = discoveringClient();
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            DiscoveringClient.of(client).reprobe();
            return DiscoveringClient.of(client).addresses().size() == 2;
        });
        String first = DiscoveringClient.of(client).addresses().get(0);
        RunningNode used = first.contains(":" + nodeA.dataPlanePort() + "/") ? nodeA : nodeB;
        String usedProvider = used == nodeA ? "quote-a" : "quote-b";
        String otherProvider = used == nodeA ? "quote-b" : "quote-a";
        List<String> servedBy = new ArrayList<>();

        for (int i = 0; i < 10; i++) {
            servedBy.add(client.getQuote(new GetQuote("IBM")).getProvider());
        }
        used.stop();
        for (int i = 0; i < 10; i++) {
            servedBy.add(client.getQuote(new GetQuote("IBM")).getProvider());
        }

        assertThat(servedBy.subList(0, 10)).containsOnly(usedProvider);
        assertThat(servedBy.subList(10, 20)).containsOnly(otherProvider);
        assertThat(DiscoveringClient.of(client).addresses()).hasSize(1).doesNotContain(first);
    }

    @Test
    void switchesToAnotherNodeWhenItsNodeHasNoInstanceLeftButPassesOnTheServicesOwnFaults() throws Exception {
        StockQuotePortType client = discoveringClient();
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            DiscoveringClient.of(client).reprobe();
            return DiscoveringClient.of(client).addresses().size() == 2;
        });
        String first = DiscoveringClient.of(client).addresses().get(0);
        boolean firstIsA = first.contains(":" + nodeA.dataPlanePort() + "/");
        providers.named(firstIsA ? "quote-a" : "quote-b").stop();

        assertThat(client.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo(firstIsA ? "quote-b" : "quote-a");
        assertThat(DiscoveringClient.of(client).addresses()).hasSize(1).doesNotContain(first);

        providers.named(firstIsA ? "quote-b" : "quote-a").setFaultMode(org.servicedomain.samples.provider.FaultMode.SOAP_FAULT);
        assertThatThrownBy(() -> client.getQuote(new GetQuote("IBM")))
                .isInstanceOf(jakarta.xml.ws.soap.SOAPFaultException.class);
        assertThat(DiscoveringClient.of(client).addresses()).as("a provider's fault is an answer, not a failure").hasSize(1);
    }

    @Test
    void probesAgainWhenEveryAddressItKnewHasFailed(@TempDir Path dirC) throws Exception {
        StockQuotePortType client = discoveringClient();
        await().atMost(Duration.ofSeconds(5)).until(() -> {
            DiscoveringClient.of(client).reprobe();
            return DiscoveringClient.of(client).addresses().size() == 2;
        });
        nodeA.stop();
        nodeB.stop();
        RunningNode nodeC = nodes.node(dirC, "quote-a");
        nodeC.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
        String portOfC = "http://127.0.0.1:" + nodeC.dataPlanePort() + "/sd/services/ports/StockQuotePortType";
        DiscoveryProbe probe = probe(Duration.ofMillis(500));
        await().atMost(Duration.ofSeconds(5)).until(() -> !probe.probe(List.of(QUOTE), List.of()).isEmpty());

        assertThat(client.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-a");
        assertThat(DiscoveringClient.of(client).addresses()).containsExactly(portOfC);
    }
}
