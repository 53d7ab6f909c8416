package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.DomainInfo;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.cluster.ClusterImportCommand;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.WsdlDocumentation;

/**
 * {@code cluster-import} (docs/cluster.md, Moving to a cluster): a standalone node's registration and
 * policy (and its domain information), copied from its data directory once it stopped, are served by a
 * member of the new cluster;
 * a second import into that cluster is refused and copies nothing.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClusterImportTest {

    @TempDir
    Path standaloneDir;
    @TempDir
    Path memberDir;

    private TestingServer zookeeper;
    private ProviderFleet providers;
    private RunningNode member;

    @BeforeEach
    void aZooKeeperServerAndAProvider() throws Exception {
        zookeeper = new TestingServer(true);
        providers = ProviderFleet.stockQuotes("quote-a");
    }

    @AfterEach
    void stopAll() throws Exception {
        if (member != null) {
            member.close();
        }
        providers.close();
        zookeeper.close();
    }

    @Test
    void aMemberOfTheImportedClusterServesTheStandaloneNodesRegistrationAndHasItsPolicyAndUsers() throws Exception {
        String document = """
                <policy xmlns="urn:sd:policy:1">
                  <!-- set on the standalone node -->
                  <defaults>
                    <selection directive="least-outstanding"/>
                  </defaults>
                </policy>
                """;
        long version;
        try (RunningNode standalone = RunningNode.start(standaloneDir)) {
            new DomainSetup(standalone.home()).provider(providers.named("quote-a"), null);
            version = new DomainSetup(standalone.home()).policy(document);
            new DomainSetup(standalone.home()).user("alice", "alice-secret-1", "gold");
        }

        Run imported = importInto("imported");

        assertThat(imported.exitCode()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("1 virtual ports, 1 instances");
        member = RunningNode.start(NodeConfig.builder(memberDir)
                .cluster(new ClusterConfig(zookeeper.getConnectString(), "imported", ZooKeeperEnsemble.CREDENTIAL)).build());
        SoapReply reply = StockQuoteCalls.getQuote(member.virtualPortAddress("StockQuotePortType"), "ACME");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
        var active = member.home().getPolicy(new GetPolicy());
        assertThat(active.getDocument()).isEqualTo(document);
        assertThat(active.getVersion()).isEqualTo(version);
        assertThat(new DomainSetup(member.home()).login("alice", "alice-secret-1"))
                .as("a session for the imported user, whose password hash came along").isNotBlank();
    }

    @Test
    void theStandaloneNodesDomainInformationComesAlongAndTheMembersWsdlsCarryIt() throws Exception {
        try (RunningNode standalone = RunningNode.start(standaloneDir)) {
            new DomainSetup(standalone.home()).provider(providers.named("quote-a"), null);
            NodeClient.connect(standalone.baseUri()).setDomainInfo(
                    new NodeClient.DomainChange("Stock quotes of every exchange", "ACME Markets", null, null, null));
        }

        Run imported = importInto("described");

        assertThat(imported.exitCode()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("the domain information");
        member = RunningNode.start(NodeConfig.builder(memberDir)
                .cluster(new ClusterConfig(zookeeper.getConnectString(), "described", ZooKeeperEnsemble.CREDENTIAL)).build());
        DomainInfo served = NodeClient.connect(member.baseUri()).domainInfo();
        assertThat(served.getDescription()).isEqualTo("Stock quotes of every exchange");
        assertThat(served.getOwner()).isEqualTo("ACME Markets");
        String documentation = "Stock quotes of every exchange\nOwner: ACME Markets";
        assertThat(WsdlDocumentation.ofTheServiceIn(member.homeAddress() + "?wsdl")).isEqualTo(documentation);
        assertThat(WsdlDocumentation.ofTheServiceIn(member.virtualPortWsdl("StockQuotePortType").toString()))
                .isEqualTo(documentation);
    }

    @Test
    void anImportIntoAClusterThatHasStateIsRefusedWithExitCodeTwo() throws Exception {
        try (RunningNode standalone = RunningNode.start(standaloneDir)) {
            new DomainSetup(standalone.home()).provider(providers.named("quote-a"), null);
        }
        assertThat(importInto("busy").exitCode()).isZero();

        Run again = importInto("busy");

        assertThat(again.exitCode()).isEqualTo(2);
        assertThat(again.err()).contains("cluster-import: the cluster busy").contains("already has state")
                .contains("1 virtual ports, 1 instances");
    }

    @Test
    void refusesMissingArgumentsWithTheUsage() {
        Run run = run(List.of("--data-dir", standaloneDir.toString(), "--cluster", "c"));

        assertThat(run.exitCode()).isEqualTo(2);
        assertThat(run.err()).contains("--zookeeper is required").contains(ClusterImportCommand.USAGE);
    }

    private Run importInto(String cluster) {
        return run(List.of("--data-dir", standaloneDir.toString(), "--zookeeper", zookeeper.getConnectString(),
                "--cluster", cluster));
    }

    private static Run run(List<String> args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ClusterImportCommand.run(args, ZooKeeperEnsemble.credentialEnvironment(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    private record Run(int exitCode, String out, String err) {
    }
}
