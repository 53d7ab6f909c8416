package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.CandidateCache;
import org.servicedomain.client.discovery.CandidateOrder;
import org.servicedomain.client.discovery.CandidateOrders;
import org.servicedomain.client.discovery.DiscoveringClient;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.stockquote.GetQuote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.RunningNode;

/**
 * A discovering client that listens on the group (multicast on {@code lo}) follows the nodes'
 * announcements: a node's Bye moves it to another node before its next call, though the node that
 * left still answers; a node's Hello makes it a candidate without a probe.
 */
class DiscoveringClientAnnouncementsTest {

    private static final QName QUOTE = DiscoveryNodes.QUOTE;

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private DiscoveryNodes nodes;
    private LoopbackDiscovery discovery;
    private RunningNode nodeA;
    private RunningNode nodeB;
    private final List<DiscoveringClient> clients = new ArrayList<>();

    @BeforeEach
    void twoNodesEachWithAQuoteProvider() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-a", "quote-b");
        discovery = nodes.discovery();
        nodeA = nodes.node(dirA, "quote-a");
        nodeB = nodes.node(dirB, "quote-b");
    }

    @AfterEach
    void stop() {
        clients.forEach(DiscoveringClient::close);
        nodes.close();
    }

    private StockQuotePortType listeningClient() {
        return listeningClient(CandidateOrders.named(CandidateOrders.DEFAULT));
    }

    private StockQuotePortType listeningClient(CandidateOrder order) {
        StockQuotePortType port = DiscoveryNodes.undiscoveredQuotePort();
        DiscoveryProbe probe = nodes.multicastProbe(Duration.ofMillis(700), WsDiscoveryVersion.V11);
        StockQuotePortType client = DiscoveringClient.builder(StockQuotePortType.class, port, probe, QUOTE)
                .cache(new CandidateCache(8, Duration.ofSeconds(60), System::nanoTime))
                .order(order)
                .listenOn(discovery.network())
                .build();
        clients.add(DiscoveringClient.of(client));
        return client;
    }

    private String portOf(RunningNode node) {
        return "http://127.0.0.1:" + node.dataPlanePort() + "/sd/services/ports/StockQuotePortType";
    }

    @Test
    void movesToAnotherNodeWithinOneSecondOfItsNodesByeWithoutAFailedCall() {
        Discovery discoveryA = nodeA.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
        nodeB.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
        String portOfA = portOf(nodeA);
        CandidateOrder aFirst = candidates -> candidates.stream()
                .sorted(Comparator.comparing((Target t) -> !t.xaddrs().contains(portOfA))).toList();
        StockQuotePortType client = listeningClient(aFirst);
        await().atMost(Duration.ofSeconds(5)).until(() -> DiscoveringClient.of(client).addresses().size() == 2);
        List<String> servedBy = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            servedBy.add(client.getQuote(new GetQuote("IBM")).getProvider());
        }
        assertThat(servedBy).as("calling through node A before its Bye").containsOnly("quote-a");

        long byeSent = System.nanoTime(); // a bound from below: close() sends the Bye, then closes the socket
        discoveryA.close();
        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(10)).until(() -> {
            servedBy.add(client.getQuote(new GetQuote("IBM")).getProvider());
            return !DiscoveringClient.of(client).addresses().contains(portOf(nodeA));
        });
        long movedWithinMs = (System.nanoTime() - byeSent) / 1_000_000;
        for (int i = 0; i < 10; i++) {
            servedBy.add(client.getQuote(new GetQuote("IBM")).getProvider());
        }

        assertThat(movedWithinMs).isLessThan(1000);
        assertThat(DiscoveringClient.of(client).addresses()).containsExactly(portOf(nodeB));
        assertThat(servedBy.subList(servedBy.size() - 10, servedBy.size()))
                .as("node A still answers, yet after its Bye no call goes there").containsOnly("quote-b");
    }

    @Test
    void addsANodeThatSaysHelloWithoutProbingAgain() {
        nodeA.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
        StockQuotePortType client = listeningClient();
        await().atMost(Duration.ofSeconds(5)).until(() -> DiscoveringClient.of(client).addresses().size() == 1);
        assertThat(client.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-a");
        DiscoveringClient.of(client).reprobe(); // returns when the probe started at build has ended: none runs now

        nodeB.startDiscovery(discovery.node(DiscoveryMode.ADHOC));

        await().atMost(Duration.ofSeconds(2)).until(() -> DiscoveringClient.of(client).addresses().contains(portOf(nodeB)));
        assertThat(DiscoveringClient.of(client).addresses()).containsExactlyInAnyOrder(portOf(nodeA), portOf(nodeB));
    }
}
