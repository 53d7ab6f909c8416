package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.testsupport.DeployedWar;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The built {@code sd-node.war}, deployed as a stock Tomcat deploys it with the context parameters
 * {@code sd.zookeeper}, {@code sd.cluster}, {@code sd.clusterAuth} and {@code sd.publicBaseUrl}, is a member
 * like a launched node, authenticating to ZooKeeper with the members' credential as the launched one does.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClusterWarMemberTest {

    private static final Path WAR = Path.of("..", "sd-node", "target", "sd-node.war");

    @TempDir
    static Path launchedDir;
    @TempDir
    static Path warDir;

    private static TestingServer zookeeper;
    private static RunningNode launched;
    private static DeployedWar war;
    private static ProviderFleet providers;

    /** One cluster for the class: deploying the WAR is the slow part, and no test changes what another reads. */
    @BeforeAll
    static void aLaunchedMemberAndAWarMember() throws Exception {
        zookeeper = new TestingServer(true);
        ClusterConfig cluster = new ClusterConfig(zookeeper.getConnectString(), "war", ZooKeeperEnsemble.CREDENTIAL);
        launched = RunningNode.start(NodeConfig.builder(launchedDir).cluster(cluster).build());
        int port = DeployedWar.freePort();
        war = DeployedWar.deploy(WAR, "/sd", Map.of("sd.dataDir", warDir.toString(),
                "sd.allowNetworks", "127.0.0.0/8",
                "sd.zookeeper", zookeeper.getConnectString(), "sd.cluster", "war",
                "sd.clusterAuth", ZooKeeperEnsemble.CREDENTIAL.user() + ":" + ZooKeeperEnsemble.CREDENTIAL.password(),
                "sd.publicBaseUrl", "http://127.0.0.1:" + port + "/sd"), false, port);
        providers = ProviderFleet.stockQuotes("quote-a");
    }

    @AfterAll
    static void stopAll() throws Exception {
        providers.close();
        war.close();
        launched.close();
        zookeeper.close();
    }

    @Test
    void aRegistrationAtTheLaunchedMemberServesThroughTheWar() throws Exception {
        new DomainSetup(launched.home()).provider(providers.named("quote-a"), null);

        URI virtualPort = URI.create(war.baseUri() + "/services/ports/StockQuotePortType");
        await().atMost(Duration.ofSeconds(2)).until(() -> StockQuoteCalls.getQuote(virtualPort, "ACME").status() == 200);
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(virtualPort, "ACME"))).isEqualTo("quote-a");
    }

    @Test
    void aPolicySetAtTheWarIsActiveOnTheLaunchedMember() throws Exception {
        HomePortType warHome = HomeClient.connect(war.baseUri());
        String document = """
                <policy xmlns="urn:sd:policy:1">
                  <defaults><selection directive="least-outstanding"/></defaults>
                </policy>""";

        long version = new DomainSetup(warHome).policy(document);

        await().atMost(Duration.ofSeconds(2)).until(() -> launched.home().getPolicy(new GetPolicy()).getVersion() == version);
    }

    @Test
    void theLaunchedMemberListsTheWarAtItsPublicAddressAsAPeer() {
        int warPort = war.baseUri().getPort();
        await().atMost(Duration.ofSeconds(3)).until(() -> launched.loadReport().peers().stream()
                .map(LoadReport.PeerView::address).anyMatch(address -> URI.create(address).getPort() == warPort));
    }
}
