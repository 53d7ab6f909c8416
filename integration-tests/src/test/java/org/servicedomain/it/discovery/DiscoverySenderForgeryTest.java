package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.discovery.AppSequence;
import org.servicedomain.node.discovery.DiscoveryLimits;
import org.servicedomain.node.discovery.DiscoveryMessage;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.node.discovery.DiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryWriter;
import org.servicedomain.node.discovery.EndpointDescription;
import org.servicedomain.node.discovery.MessageKind;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Forged and replayed announcements against a real node on loopback (issue 27, item 6): other
 * loopback addresses play senders inside the admitted network that forge a provider's endpoint.
 */
class DiscoverySenderForgeryTest {

    private static final String SALES = "http://example.org/sd/sales";
    private static final QName QUOTE = new QName("urn:sd:samples:stockquote", "StockQuotePortType");
    private static final String VICTIM = "urn:uuid:" + UUID.randomUUID();
    private static final String PROVIDER = "127.0.0.1";
    private static final String FORGER = "127.0.0.2";
    private static final String FLOODER = "127.0.0.3";

    @TempDir
    Path dataDir;

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private final DiscoveryWriter writer = new DiscoveryWriter();
    private RunningNode node;
    private ProviderFleet providers;
    private long markers;

    @BeforeEach
    void nodeAdmittingSalesFromLoopback() throws Exception {
        node = RunningNode.start(dataDir);
        node.startDiscovery(discovery.node(DiscoveryMode.ADHOC)
                .withLimits(DiscoveryLimits.DEFAULT.withAnswersPerSecond(10_000)));
        new DomainSetup(node.home()).policy(LoopbackDiscovery.policyAdmitting(
                "<admit scope=\"" + SALES + "\" networks=\"127.0.0.0/8\"/>"));
        providers = ProviderFleet.stockQuotes("victim", "evil", "marker-1", "marker-2");
    }

    @AfterEach
    void stop() {
        providers.close();
        node.close();
    }

    private byte[] hello(String endpoint, SampleProvider at, AppSequence sequence, String scope) {
        EndpointDescription description = new EndpointDescription(endpoint, List.of(QUOTE), List.of(scope),
                List.of(at.address().toString()), 1);
        return writer.write(DiscoveryMessage.announcement(DiscoveryVersion.V11, SoapVersion.SOAP_12, MessageKind.HELLO,
                sequence, description));
    }

    private byte[] bye(String endpoint, AppSequence sequence) {
        EndpointDescription description = new EndpointDescription(endpoint, List.of(), List.of(), List.of(), 1);
        return writer.write(DiscoveryMessage.announcement(DiscoveryVersion.V11, SoapVersion.SOAP_12, MessageKind.BYE,
                sequence, description));
    }

    private List<String> endpoints() throws Exception {
        return node.home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .map(InstanceInfo::getEndpointAddress).toList();
    }

    private String addressOf(String provider) {
        return providers.named(provider).address().toString();
    }

    private void announceVictim(AppSequence sequence) throws Exception {
        discovery.multicastFrom(PROVIDER, hello(VICTIM, providers.named("victim"), sequence, SALES), 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> endpoints().contains(addressOf("victim")));
    }

    /**
     * Has the provider announce one more endpoint and waits until it is filed: the intake takes
     * announcements in order, so everything multicast before it has been judged.
     */
    private void settled(String marker) {
        discovery.multicastFrom(PROVIDER, hello("urn:uuid:" + UUID.randomUUID(), providers.named(marker),
                new AppSequence(1, null, ++markers), SALES), 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> endpoints().contains(addressOf(marker)));
    }

    private void assertStillServing() {
        assertThat(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "IBM").status())
                .as("a client of the virtual port is still served").isEqualTo(200);
    }

    @Test
    void aHelloTheRuleDoesNotAdmitCannotSilenceTheEndpointsRealHellos() throws Exception {
        discovery.multicastFrom(PROVIDER, hello(VICTIM, providers.named("evil"),
                new AppSequence(Long.MAX_VALUE, null, Long.MAX_VALUE), "http://example.org/not-admitted"), 1);

        announceVictim(new AppSequence(1, null, 1));

        assertThat(endpoints()).containsExactly(addressOf("victim"));
        assertStillServing();
    }

    @Test
    void helloFromAnotherSourceCannotTakeOverAnAnnouncedEndpoint() throws Exception {
        announceVictim(new AppSequence(1, null, 1));

        discovery.multicastFrom(FORGER, hello(VICTIM, providers.named("evil"), new AppSequence(2, null, 1), SALES), 1);
        settled("marker-1");

        assertThat(endpoints()).containsExactlyInAnyOrder(addressOf("victim"), addressOf("marker-1"));
        assertStillServing();
    }

    @Test
    void byeFromAnotherSourceCannotRemoveAnAnnouncedEndpoint() throws Exception {
        announceVictim(new AppSequence(1, null, 1));

        discovery.multicastFrom(FORGER, bye(VICTIM, new AppSequence(Long.MAX_VALUE, null, 1)), 1);
        settled("marker-1");

        assertThat(endpoints()).contains(addressOf("victim"));
        assertStillServing();
    }

    @Test
    void aCapturedByeCannotBeReplayedAfterAFloodOfJunkHellos() throws Exception {
        announceVictim(new AppSequence(1, null, 1));
        byte[] captured = bye(VICTIM, new AppSequence(1, null, 2));
        discovery.multicastFrom(PROVIDER, captured, 1);
        await().atMost(Duration.ofSeconds(5)).until(() -> !endpoints().contains(addressOf("victim")));
        announceVictim(new AppSequence(1, null, 3));

        floodOfAdmittedJunkHellos(4500);
        settled("marker-1");
        discovery.multicastFrom(PROVIDER, captured, 1);
        settled("marker-2");

        assertThat(endpoints()).contains(addressOf("victim"));
        assertStillServing();
    }

    /**
     * Hellos in the admitted scope for endpoints of their own, naming no type, in batches small
     * enough for the socket's buffer, each batch followed by a Probe whose answer says it was all read.
     */
    private void floodOfAdmittedJunkHellos(int count) {
        for (int sent = 0; sent < count; sent += 50) {
            for (int i = 0; i < 50; i++) {
                EndpointDescription junk = new EndpointDescription("urn:uuid:" + UUID.randomUUID(), List.of(),
                        List.of(SALES), List.of(), 1);
                discovery.multicastFrom(FLOODER, writer.write(DiscoveryMessage.announcement(DiscoveryVersion.V11,
                        SoapVersion.SOAP_12, MessageKind.HELLO, new AppSequence(1, null, sent + i), junk)), 1);
            }
            byte[] probe = writer.write(DiscoveryMessage.probe(DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(QUOTE),
                    List.of(), null));
            assertThat(discovery.firstAnswerFrom(FLOODER, probe, Duration.ofSeconds(5)))
                    .as("the node answers a Probe after %d junk Hellos", sent + 50).isNotNull();
        }
    }
}
