package org.servicedomain.it.peers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.EventReceiver;
import org.servicedomain.testsupport.OtlpReceiver;
import org.servicedomain.testsupport.OtlpReceiver.ReceivedSpan;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Two peer nodes with a capacity of two requests each. Credit checks held by a hanging provider
 * saturate a node; its new stock-quote requests then go to the peer, unless they are in a session,
 * were forwarded already, or the peer is just as saturated. The first node exports its spans: a
 * forwarded call's shows the peer it went to.
 */
class OffloadTest {

    private static final String CHECK_ACTION = "\"urn:sd:samples:creditcheck#check\"";
    private static final OtlpReceiver COLLECTOR = OtlpReceiver.start();

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private RunningNode nodeA;
    private RunningNode nodeB;
    private ProviderFleet providers;
    private EventReceiver eventsOfA;
    private final ExecutorService clients = Executors.newCachedThreadPool();

    @BeforeEach
    void twoPeersEachWithAQuoteAndACreditCheckProvider() throws Exception {
        nodeA = RunningNode.start(NodeConfig.builder(dirA).otlpEndpoint(COLLECTOR.endpoint().toString()).build());
        nodeB = RunningNode.start(dirB);
        eventsOfA = EventReceiver.start();
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        SampleProvider creditA = providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "credit-a"));
        SampleProvider creditB = providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "credit-b"));
        DomainSetup a = new DomainSetup(nodeA.home());
        a.provider(providers.named("quote-a"), null);
        a.provider(creditA, null);
        DomainSetup b = new DomainSetup(nodeB.home());
        b.provider(providers.named("quote-b"), null);
        b.provider(creditB, null);
        a.policy(peerPolicy(nodeB, eventsOfA.address()));
        b.policy(peerPolicy(nodeA, null));
        await().atMost(Duration.ofSeconds(10)).until(() -> nodeA.peerLoadIndex(nodeB.homeAddress()) != null
                && nodeB.peerLoadIndex(nodeA.homeAddress()) != null);
    }

    private static String peerPolicy(RunningNode peer, URI notifyUrl) {
        return """
                <policy xmlns="urn:sd:policy:1">
                  %s
                  <peers capacity="2" offloadThreshold="0.5" refreshMs="100">
                    <peer address="%s"/>
                  </peers>
                </policy>
                """.formatted(notifyUrl == null ? "" : "<settings notifyUrl=\"" + notifyUrl + "\"/>", peer.homeAddress());
    }

    @AfterEach
    void stop() {
        providers.all().forEach(p -> p.setFaultMode(FaultMode.NONE));
        clients.shutdownNow();
        providers.close();
        nodeA.close();
        nodeB.close();
        eventsOfA.close();
    }

    @Test
    void aSaturatedNodeForwardsNewRequestsToTheLessLoadedPeerAndStopsOnceItsLoadFalls() {
        assertThat(servedBy(nodeA)).isEqualTo("quote-a");

        saturate(nodeA, "credit-a");

        assertThat(servedBy(nodeA)).isEqualTo("quote-b");
        assertThat(servedBy(nodeA)).isEqualTo("quote-b");
        await().atMost(Duration.ofSeconds(10)).until(() -> has("OFFLOAD_STARTED"));

        providers.named("credit-a").setFaultMode(FaultMode.NONE);
        await().atMost(Duration.ofSeconds(10)).until(() -> nodeA.loadReport().inFlight() == 0);
        assertThat(servedBy(nodeA)).isEqualTo("quote-a");
        await().atMost(Duration.ofSeconds(10)).until(() -> has("OFFLOAD_STOPPED"));
    }

    @AfterAll
    static void stopCollector() {
        COLLECTOR.close();
    }

    @Test
    void aForwardedCallIsAnOffloadSpanNamingThePeerWhileACallServedHereHasNone() {
        String servedHere = "1cf92f3577b34da6a3ce929d0e0e4736";
        assertThat(servedBy(nodeA, servedHere)).isEqualTo("quote-a");
        saturate(nodeA, "credit-a");
        String forwarded = "2cf92f3577b34da6a3ce929d0e0e4736";
        assertThat(servedBy(nodeA, forwarded)).isEqualTo("quote-b");

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(COLLECTOR.spansOf(forwarded))
                .extracting(ReceivedSpan::name).contains("offload", "StockQuotePortType/getQuote"));
        ReceivedSpan offload = only(forwarded, "offload");
        assertThat(offload.kind()).isEqualTo("SPAN_KIND_INTERNAL");
        assertThat(offload.attributes()).containsEntry("sd.offload.peer", nodeB.homeAddress().toString())
                .containsEntry("sd.offload.outcome", "answered").containsEntry("http.response.status_code", "200")
                .doesNotContainKey("error.type");
        assertThat(offload.parentSpanId()).isEqualTo(only(forwarded, "StockQuotePortType/getQuote").spanId());
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(COLLECTOR.spansOf(servedHere))
                .extracting(ReceivedSpan::kind).contains("SPAN_KIND_SERVER"));
        assertThat(COLLECTOR.spansOf(servedHere)).extracting(ReceivedSpan::name).as("served here: no offload span")
                .contains("lookup").doesNotContain("offload");
    }

    @Test
    void aRequestInASessionStaysOnItsSaturatedNode() throws Exception {
        DomainSetup a = new DomainSetup(nodeA.home());
        a.user("joe", "joe-pw", "customer");
        String session = a.login("joe", "joe-pw");

        saturate(nodeA, "credit-a");

        SoapReply inSession = StockQuoteCalls.getQuote(nodeA.virtualPortAddress("StockQuotePortType"), "ACME", session);
        assertThat(StockQuoteCalls.servedBy(inSession)).isEqualTo("quote-a");
        assertThat(servedBy(nodeA)).as("an anonymous request at the same time").isEqualTo("quote-b");
    }

    @Test
    void aRequestAPeerAlreadyForwardedIsNeverForwardedAgain() {
        saturate(nodeA, "credit-a");

        SoapReply hopped = StockQuoteCalls.getQuoteWith(nodeA.virtualPortAddress("StockQuotePortType"), "ACME",
                Map.of("X-SD-Hop", "1"));

        assertThat(StockQuoteCalls.servedBy(hopped)).isEqualTo("quote-a");
    }

    @Test
    void twoSaturatedPeersServeTheirOwnRequestsWithoutBouncingThem() {
        saturate(nodeA, "credit-a");
        saturate(nodeB, "credit-b");
        await().atMost(Duration.ofSeconds(10)).until(() -> loadOf(nodeB, nodeA) >= 1.0 && loadOf(nodeA, nodeB) >= 1.0);
        long quoteBBefore = providers.named("quote-b").requestsReceived();

        assertThat(servedBy(nodeA)).isEqualTo("quote-a");
        assertThat(servedBy(nodeB)).isEqualTo("quote-b");
        assertThat(providers.named("quote-b").requestsReceived()).isEqualTo(quoteBBefore + 1);
    }

    /** Holds two credit checks at {@code node}'s hanging provider, filling the node's capacity of two. */
    private void saturate(RunningNode node, String creditProvider) {
        SampleProvider credit = providers.named(creditProvider);
        credit.setFaultMode(FaultMode.HANG);
        long before = credit.requestsReceived();
        for (int i = 0; i < 2; i++) {
            clients.submit(() -> SoapExchange.post(node.virtualPortAddress("CreditCheckPortType"), "text/xml; charset=UTF-8",
                    CHECK_ACTION, SoapExchange.soap11(null,
                            "<c:check xmlns:c=\"urn:sd:samples:creditcheck\"><c:customerId>c1</c:customerId></c:check>")));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> credit.requestsReceived() == before + 2);
        await().atMost(Duration.ofSeconds(10)).until(() -> node.loadReport().inFlight() == 2);
    }

    /** {@code peer}'s load index as {@code node} last heard it, -1 when it has none. */
    private static double loadOf(RunningNode peer, RunningNode node) {
        Double index = node.peerLoadIndex(peer.homeAddress());
        return index == null ? -1 : index;
    }

    private static String servedBy(RunningNode node) {
        SoapReply reply = StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME");
        return StockQuoteCalls.servedBy(reply);
    }

    /** Who served a stock quote asked of {@code node} in trace {@code traceId}. */
    private static String servedBy(RunningNode node, String traceId) {
        SoapReply reply = StockQuoteCalls.getQuoteWith(node.virtualPortAddress("StockQuotePortType"), "ACME",
                Map.of("traceparent", "00-" + traceId + "-00f067aa0ba902b7-01"));
        return StockQuoteCalls.servedBy(reply);
    }

    /** The one span named {@code name} this node exported in trace {@code traceId}. */
    private static ReceivedSpan only(String traceId, String name) {
        return COLLECTOR.spansOf(traceId).stream().filter(s -> s.name().equals(name)).reduce((a, b) -> {
            throw new AssertionError("more than one span " + name + " in trace " + traceId);
        }).orElseThrow();
    }

    private boolean has(String type) {
        return eventsOfA.bodies().stream().anyMatch(b -> b.contains("\"type\":\"" + type + "\""));
    }
}
