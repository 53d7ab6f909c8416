package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.discovery.AppSequence;
import org.servicedomain.node.discovery.DiscoveryMessage;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.node.discovery.DiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryWriter;
import org.servicedomain.node.discovery.EndpointDescription;
import org.servicedomain.node.discovery.MessageKind;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.TestKeystore;

/**
 * WS-Discovery compact signatures (issue 27, item 6) on a real node with multicast on {@code lo}: a
 * node that trusts one provider's key takes only Hellos signed, in full, by it; and the node signs
 * what it sends, its announcements and its answers, so listeners that trust its key can check them.
 */
class SignedAnnouncementsTest {

    private static final String SALES = "http://example.org/sd/sales";
    private static final QName QUOTE = new QName("urn:sd:samples:stockquote", "StockQuotePortType");

    @TempDir
    Path nodeKeys;
    @TempDir
    Path providerKeys;
    @TempDir
    Path strangerKeys;
    @TempDir
    Path dataDir;

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private TestKeystore node;
    private TestKeystore provider;
    private TestKeystore stranger;
    private RunningNode running;
    private ProviderFleet providers;

    @BeforeEach
    void keys() {
        node = TestKeystore.generate(nodeKeys);
        provider = TestKeystore.generate(providerKeys);
        stranger = TestKeystore.generate(strangerKeys);
        providers = ProviderFleet.stockQuotes("unsigned", "stranger", "tampered", "signed");
    }

    @AfterEach
    void stop() {
        providers.close();
        if (running != null) {
            running.close();
        }
    }

    private void startNode(DiscoveryMode mode, List<X509Certificate> trusted) throws Exception {
        running = RunningNode.start(dataDir);
        running.startDiscovery(discovery.node(mode).withSignatures(signing(node).trusting(trusted)));
        new DomainSetup(running.home()).policy(LoopbackDiscovery.policyAdmitting(
                "<admit scope=\"" + SALES + "\" networks=\"127.0.0.0/8\"/>"));
    }

    private static DiscoverySignatures signing(TestKeystore keystore) {
        return DiscoverySignatures.signingWith(keystore.file(), keystore.password().toCharArray(), TestKeystore.ALIAS);
    }

    private static X509Certificate certificate(TestKeystore keystore) {
        return (X509Certificate) keystore.certificate();
    }

    private byte[] hello(DiscoveryWriter writer, String provider, long number) {
        EndpointDescription description = new EndpointDescription("urn:uuid:" + UUID.randomUUID(), List.of(QUOTE), List.of(SALES),
                List.of(addressOf(provider)), 1);
        return writer.write(DiscoveryMessage.announcement(DiscoveryVersion.V11, SoapVersion.SOAP_12, MessageKind.HELLO,
                new AppSequence(1, null, number), description));
    }

    private String addressOf(String name) {
        return providers.named(name).address().toString();
    }

    private List<String> endpoints() throws Exception {
        return running.home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .map(InstanceInfo::getEndpointAddress).toList();
    }

    @Test
    void onlyHellosSignedInFullByATrustedKeyAreTaken() throws Exception {
        startNode(DiscoveryMode.ADHOC, List.of(certificate(provider)));
        DiscoveryWriter signed = new DiscoveryWriter(signing(provider));
        String tampered = new String(hello(signed, "tampered", 3), StandardCharsets.UTF_8)
                .replace(addressOf("tampered"), addressOf("unsigned"));

        discovery.multicast(hello(new DiscoveryWriter(), "unsigned", 1), 1);
        discovery.multicast(hello(new DiscoveryWriter(signing(stranger)), "stranger", 2), 1);
        discovery.multicast(tampered.getBytes(StandardCharsets.UTF_8), 1);
        discovery.multicast(hello(signed, "signed", 4), 1);

        await().atMost(Duration.ofSeconds(10)).until(() -> endpoints().contains(addressOf("signed")));
        assertThat(endpoints()).as("announcements are taken in order, so the others were judged first")
                .containsExactly(addressOf("signed"));
        assertThat(StockQuoteCalls.getQuote(running.virtualPortAddress("StockQuotePortType"), "IBM").status()).isEqualTo(200);
    }

    @Test
    void theManagedProxyRefusesAnUnsignedHelloAndTakesASignedOne() throws Exception {
        startNode(DiscoveryMode.MANAGED, List.of(certificate(provider)));
        String xml = "application/soap+xml; charset=UTF-8";

        SoapReply unsigned = SoapExchange.post(LoopbackDiscovery.proxyOf(running.baseUri()), xml, "",
                hello(new DiscoveryWriter(), "unsigned", 1));
        SoapReply signed = SoapExchange.post(LoopbackDiscovery.proxyOf(running.baseUri()), xml, "",
                hello(new DiscoveryWriter(signing(provider)), "signed", 2));

        assertThat(unsigned.status()).as(unsigned.text()).isEqualTo(403);
        assertThat(unsigned.text()).contains("signed by a trusted key");
        assertThat(signed.status()).as(signed.text()).isEqualTo(202);
        await().atMost(Duration.ofSeconds(10)).until(() -> endpoints().contains(addressOf("signed")));
        assertThat(endpoints()).containsExactly(addressOf("signed"));
    }

    @Test
    void withoutTrustedSignersTheSameUnsignedHelloIsTaken() throws Exception {
        startNode(DiscoveryMode.ADHOC, List.of());

        discovery.multicast(hello(new DiscoveryWriter(), "unsigned", 1), 1);

        await().atMost(Duration.ofSeconds(10)).until(() -> endpoints().contains(addressOf("unsigned")));
    }

    @Test
    void theNodesAnnouncementsAndAnswersCarryASignatureByItsKey() throws Exception {
        DiscoverySignatures nodesKey = DiscoverySignatures.NONE.trusting(List.of(certificate(node)));
        DiscoverySignatures providersKey = DiscoverySignatures.NONE.trusting(List.of(certificate(provider)));
        try (LoopbackDiscovery.Listener listener = discovery.listen()) {
            startNode(DiscoveryMode.ADHOC, List.of(certificate(provider)));
            discovery.multicast(hello(new DiscoveryWriter(signing(provider)), "signed", 1), 1);

            await().atMost(Duration.ofSeconds(10)).until(() -> listener.heard().stream()
                    .anyMatch(m -> m.contains("Hello>") && m.contains(running.virtualPortAddress("StockQuotePortType").getPath())));
            byte[] nodesHello = listener.heard().stream()
                    .filter(m -> m.contains(running.virtualPortAddress("StockQuotePortType").getPath())).findFirst().orElseThrow()
                    .getBytes(StandardCharsets.UTF_8);
            byte[] answer = discovery.firstAnswerFrom("127.0.0.1", new DiscoveryWriter().write(DiscoveryMessage.probe(
                    DiscoveryVersion.V11, SoapVersion.SOAP_12, List.of(), List.of(), null)), Duration.ofSeconds(5));

            assertThat(new String(nodesHello, StandardCharsets.UTF_8)).contains("Sig=");
            assertThat(nodesKey.verifies(nodesHello)).as("the node's Hello, checked with its key").isTrue();
            assertThat(providersKey.verifies(nodesHello)).as("checked with another key").isFalse();
            assertThat(answer).as("the node answers a Probe").isNotNull();
            assertThat(new String(answer, StandardCharsets.UTF_8)).contains("ProbeMatches");
            assertThat(nodesKey.verifies(answer)).as("its ProbeMatches, checked with its key").isTrue();
        }
    }
}
