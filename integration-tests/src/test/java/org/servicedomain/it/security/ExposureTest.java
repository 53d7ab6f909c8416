package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.UsageInfo;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.network.MetricsAccess;
import org.servicedomain.node.network.Networks;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/** What a node shows to whom: the load report to peers, metrics to the configured scrapers, usage to its own user. */
class ExposureTest {

    private static final String SECRET = "peers-share-this-secret";
    private static final String TOKEN = "prometheus-scrape-token";

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;

    private RunningNode nodeA;
    private RunningNode nodeB;
    private ProviderFleet providers;

    @AfterEach
    void stop() {
        if (providers != null) {
            providers.close();
        }
        for (RunningNode node : new RunningNode[] {nodeA, nodeB}) {
            if (node != null) {
                node.close();
            }
        }
    }

    @Test
    void theLoadReportIsRefusedToACallerWithoutTheSharedSecret() {
        nodeA = RunningNode.start(withSecret(dirA, SECRET));
        URI load = URI.create(nodeA.baseUri() + "/load");

        assertThat(SoapExchange.get(load).status()).isEqualTo(403);
        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of("some-other-secret!!", "GET", load)))
                .status()).isEqualTo(403);
        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of(SECRET, "GET", load))).status())
                .isEqualTo(200);
    }

    @Test
    void peersThatShareTheSecretReadEachOthersLoad() throws Exception {
        nodeA = RunningNode.start(withSecret(dirA, SECRET));
        nodeB = RunningNode.start(withSecret(dirB, SECRET));
        new DomainSetup(nodeA.home()).policy(peerPolicy(nodeB));

        await().atMost(Duration.ofSeconds(10)).until(() -> nodeA.peerLoadIndex(nodeB.homeAddress()) != null);
    }

    @Test
    void metricsRestrictedToANetworkAndATokenRefuseOtherScrapers() {
        nodeA = RunningNode.start(NodeConfig.builder(dirA)
                .metricsAccess(new MetricsAccess(Networks.parse("10.0.0.0/8"), TOKEN)).build());
        URI metrics = URI.create(nodeA.baseUri() + "/metrics");

        assertThat(SoapExchange.get(metrics).status()).isEqualTo(403);
        assertThat(SoapExchange.get(metrics, Map.of("Authorization", "Bearer not-the-token-at-all")).status()).isEqualTo(403);
        assertThat(SoapExchange.get(metrics, Map.of("Authorization", "Bearer " + TOKEN)).status()).isEqualTo(200);
    }

    @Test
    void metricsRestrictedToTheLoopbackNetworkAnswerAScraperThere() {
        nodeA = RunningNode.start(NodeConfig.builder(dirA).metricsAccess(new MetricsAccess(Networks.LOOPBACK, null)).build());

        assertThat(SoapExchange.get(URI.create(nodeA.baseUri() + "/metrics")).status()).isEqualTo(200);
    }

    @Test
    void theCxfServiceListIsNotShown() {
        nodeA = RunningNode.start(dirA);

        String page = SoapExchange.get(URI.create(nodeA.baseUri() + "/services/")).text();

        assertThat(page).doesNotContainIgnoringCase("Available SOAP services").doesNotContain("services/home");
    }

    @Test
    void aPlainUserSeesOnlyItsOwnUsage() throws Exception {
        nodeA = RunningNode.start(dirA);
        providers = ProviderFleet.stockQuotes("quote-a");
        DomainSetup setup = new DomainSetup(nodeA.home());
        setup.provider(providers.get(0), null);
        setup.user("root", "root-pw", "staff");
        setup.user("joe", "joe-pw", "customer");
        setup.user("ann", "ann-pw", "customer");
        String joe = setup.login("joe", "joe-pw");
        String ann = setup.login("ann", "ann-pw");
        URI port = nodeA.virtualPortAddress("StockQuotePortType");
        assertThat(StockQuoteCalls.getQuote(port, "ACME", joe).status()).isEqualTo(200);
        assertThat(StockQuoteCalls.getQuote(port, "ACME", ann).status()).isEqualTo(200);
        makeRootAdministrator();

        List<UsageInfo> joesView = asUser(joe);

        assertThat(joesView).extracting(UsageInfo::getUser).containsExactly("joe");
        assertThat(asUser(setup.login("root", "root-pw"))).extracting(UsageInfo::getUser).contains("joe", "ann");
    }

    private void makeRootAdministrator() {
        org.servicedomain.client.NodeClient.connect(nodeA.baseUri()).setUser(new org.servicedomain.client.NodeClient.UserEntry(
                "root", "root-pw", "staff", List.of(), List.of("administrator")));
    }

    private List<UsageInfo> asUser(String sessionId) {
        return org.servicedomain.client.NodeClient.connect(nodeA.baseUri()).withSession(sessionId).getServiceInfo().getUsage();
    }

    private static NodeConfig withSecret(Path dir, String secret) {
        return NodeConfig.builder(dir).hierarchy(HierarchyConfig.DEFAULT.withParentSecret(secret)).build();
    }

    private static String peerPolicy(RunningNode peer) {
        return """
                <policy xmlns="urn:sd:policy:1">
                  <peers capacity="2" refreshMs="100"><peer address="%s"/></peers>
                </policy>
                """.formatted(peer.homeAddress());
    }
}
