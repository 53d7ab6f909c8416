package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.cluster.ClusterImportCommand;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * {@code cluster-import} into a cluster whose members authenticate to ZooKeeper (issue 27, item 4;
 * docs/cluster.md, Securing ZooKeeper): with the members' credential in {@code SD_CLUSTER_AUTH}, every
 * znode it writes is the credential's alone, and a member holding the credential serves what it copied.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClusterImportWithCredentialTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);

    @TempDir
    Path standaloneDir;
    @TempDir
    Path memberDir;

    private ProviderFleet providers;
    private RunningNode member;

    @AfterEach
    void stop() {
        if (member != null) {
            member.close();
        }
        if (providers != null) {
            providers.close();
        }
    }

    @Test
    void importsAsTheMembersCredentialIntoZnodesOnlyItCanReadAndAMemberServesWhatItCopied() throws Exception {
        providers = ProviderFleet.stockQuotes("quote-a");
        try (RunningNode standalone = RunningNode.start(standaloneDir)) {
            new DomainSetup(standalone.home()).provider(providers.named("quote-a"), null);
            new DomainSetup(standalone.home()).user("alice", "alice-secret-1", "gold");
        }
        ClusterConfig cluster = new ClusterConfig(ZOOKEEPER.servers().getConnectString(), "imported-with-auth",
                ZooKeeperEnsemble.CREDENTIAL);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int code = ClusterImportCommand.run(List.of("--data-dir", standaloneDir.toString(), "--zookeeper", cluster.zookeeper(),
                "--cluster", cluster.name()), ZooKeeperEnsemble.credentialEnvironment(), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(code).as(err.toString(StandardCharsets.UTF_8)).isZero();
        try (CuratorFramework members = ZOOKEEPER.membersClient()) {
            List<String> open = openZnodes(members, cluster.root());
            assertThat(open).as("znodes under " + cluster.root() + " that anyone may read or write").isEmpty();
        }
        member = RunningNode.start(NodeConfig.builder(memberDir).cluster(cluster).build());
        SoapReply reply = StockQuoteCalls.getQuote(member.virtualPortAddress("StockQuotePortType"), "ACME");
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
        assertThat(new DomainSetup(member.home()).login("alice", "alice-secret-1")).isNotBlank();
    }

    /** The znodes at and under {@code root} whose ACL lets in anyone, walked as the members' credential. */
    private static List<String> openZnodes(CuratorFramework client, String root) throws Exception {
        List<String> open = new ArrayList<>();
        List<String> pending = new ArrayList<>(List.of(root));
        int walked = 0;
        while (!pending.isEmpty() && walked++ < 10_000) {
            String path = pending.remove(pending.size() - 1);
            for (ACL acl : client.getACL().forPath(path)) {
                if (acl.getId().equals(ZooDefs.Ids.ANYONE_ID_UNSAFE)) {
                    open.add(path);
                }
            }
            for (String child : client.getChildren().forPath(path)) {
                pending.add(path + "/" + child);
            }
        }
        assertThat(walked).as("the walk ended within its bound").isLessThan(10_000);
        return open;
    }
}
