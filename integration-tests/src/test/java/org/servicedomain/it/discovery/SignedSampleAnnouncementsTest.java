package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.Announcer;
import org.servicedomain.client.discovery.DiscoverySignatures;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.Command;
import org.servicedomain.samples.CommandLine;
import org.servicedomain.samples.provider.ProviderAnnouncement;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.TestKeystore;

/**
 * Issue 27, item 6: a sample provider started with {@code --announce-signing-keystore} signs its Hellos
 * with the node's own signing code, so a real node on loopback that trusts only the provider's key
 * ({@code --discovery-trusted-signers}) registers it, while the same provider announced unsigned is
 * ignored.
 */
class SignedSampleAnnouncementsTest {

    private static final String SALES = "http://example.org/sd/sales";

    @TempDir
    Path dataDir;
    @TempDir
    Path nodeKeys;
    @TempDir
    Path providerKeys;

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private final List<Announcer> announcers = new ArrayList<>();
    private TestKeystore provider;
    private RunningNode node;
    private ProviderFleet providers;

    @BeforeEach
    void aNodeTrustingOnlyTheProvidersKey() throws Exception {
        provider = TestKeystore.generate(providerKeys);
        TestKeystore nodeKey = TestKeystore.generate(nodeKeys);
        node = RunningNode.start(dataDir);
        node.startDiscovery(discovery.node(DiscoveryMode.ADHOC).withSignatures(DiscoverySignatures.signingWith(nodeKey.file(),
                nodeKey.password().toCharArray(), TestKeystore.ALIAS).trusting(List.of((X509Certificate) provider.certificate()))));
        new DomainSetup(node.home()).policy(LoopbackDiscovery.policyAdmitting(
                "<admit scope=\"" + SALES + "\" networks=\"127.0.0.0/8\"/>"));
        providers = ProviderFleet.stockQuotes("unsigned", "signed");
    }

    @AfterEach
    void stop() {
        announcers.forEach(Announcer::close);
        providers.close();
        node.close();
    }

    /** The announcement a sample provider's command line makes of these options, after {@code --announce}. */
    private ProviderAnnouncement commandLine(String... signing) {
        List<String> args = new ArrayList<>(List.of("provider", "--service", "stockquote", "--name", "q", "--port", "0",
                "--announce", "--announce-interface", LoopbackDiscovery.INTERFACE, "--announce-port", Integer.toString(discovery.port()),
                "--announce-scopes", SALES));
        args.addAll(List.of(signing));
        return ((Command.RunProvider) CommandLine.parse(args.toArray(String[]::new))).announcement();
    }

    private List<String> endpoints() throws Exception {
        return node.home().getServiceInfo(new GetServiceInfo()).getInstance().stream().map(InstanceInfo::getEndpointAddress).toList();
    }

    @Test
    void aNodeTrustingTheSamplesKeyRegistersItsSignedHelloAndIgnoresAnUnsignedOne() throws Exception {
        String unsigned = providers.named("unsigned").address().toString();
        String signed = providers.named("signed").address().toString();

        announcers.add(commandLine().announce(providers.named("unsigned")));
        announcers.add(commandLine("--announce-signing-keystore", provider.file().toString(),
                "--announce-signing-keystore-password", provider.password()).announce(providers.named("signed")));

        await().atMost(Duration.ofSeconds(10)).until(() -> endpoints().contains(signed));
        assertThat(endpoints()).as("Hellos are taken in order, so the unsigned one was judged first").containsExactly(signed)
                .doesNotContain(unsigned);
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "IBM")))
                .isEqualTo("signed");
    }
}
