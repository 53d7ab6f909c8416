package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildTerms;
import org.servicedomain.node.hierarchy.FileChildStore;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.session.FileUserDirectory;
import org.servicedomain.node.session.User;

/**
 * {@code cluster-import} on a real ZooKeeper server writes a standalone node's whole domain (catalog, WSDLs,
 * policy, users, child nodes) in one transaction: all of it or, when ZooKeeper refuses any part, none;
 * a domain larger than one request is refused before anything is sent.
 */
class AtomicClusterImportTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("import");

    @TempDir
    Path standaloneDir;

    @BeforeEach
    void aStandaloneNodesDomain() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(standaloneDir), wsdlSource());
        catalog.register(registration(SOAP11_WSDL, "http://provider-a.example/quote"));
        catalog.register(registration(TWO_PORT_TYPES_WSDL, "http://provider-a.example/market"));
        new FilePolicyStore(standaloneDir).save(new PolicyStore.StoredPolicy(1, "<policy xmlns=\"urn:sd:policy:1\"/>"));
        new FileUserDirectory(standaloneDir).put(new User("joe", "gold", List.of(), Set.of("user")), "joe-pw".toCharArray());
        new FileChildStore(standaloneDir).save(List.of(new ChildNode("http://127.0.0.1:9/sd/services/home", "child-1",
                "child-secret", "child-node-id", ChildTerms.NONE)));
    }

    @Test
    void anImportWhoseLastWriteZooKeeperRefusesLeavesNothingOfTheDomainInTheCluster() throws Exception {
        assertThatThrownBy(() -> ClusterImport.run(standaloneDir, ZOOKEEPER.cluster(),
                ClusterImport.DEFAULT_MAX_REQUEST_BYTES, anotherProcessWritesTheChildNodes()))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("NODEEXISTS at " + ZooKeeperChildStore.CHILDREN)
                .hasMessageContaining("Nothing was written");

        CuratorFramework cluster = ZOOKEEPER.connection().client();
        assertThat(cluster.checkExists().forPath(CatalogView.CATALOG)).as("no catalog").isNull();
        assertThat(cluster.checkExists().forPath(ZooKeeperCatalogStore.WSDL)).as("no WSDL").isNull();
        assertThat(cluster.checkExists().forPath(ZooKeeperPolicyStore.POLICY)).as("no policy").isNull();
        assertThat(cluster.checkExists().forPath(ZooKeeperUserDirectory.USERS)).as("no user").isNull();
        assertThat(new String(cluster.getData().forPath(ZooKeeperChildStore.CHILDREN), StandardCharsets.UTF_8))
                .as("only what the other process wrote").isEqualTo("[]");
    }

    @Test
    void aSuccessfulImportIsWrittenInOneTransactionSoEveryReaderSeesAllOfItAtOnce() throws Exception {
        ClusterImport.Imported imported = ClusterImport.run(standaloneDir, ZOOKEEPER.cluster());

        assertThat(imported.ports()).isEqualTo(3);
        assertThat(imported.users()).isEqualTo(1);
        assertThat(imported.children()).isEqualTo(1);
        CuratorFramework cluster = ZOOKEEPER.connection().client();
        List<String> written = new ArrayList<>();
        for (String parent : List.of(CatalogView.PORTS, ZooKeeperCatalogStore.WSDL, ZooKeeperPolicyStore.POLICY,
                ZooKeeperUserDirectory.USERS)) {
            for (String child : cluster.getChildren().forPath(parent)) {
                written.add(parent + "/" + child);
            }
        }
        written.add(ZooKeeperChildStore.CHILDREN);
        assertThat(written).hasSizeGreaterThanOrEqualTo(3 + 2 + 1 + 1 + 1);
        Set<Long> zxids = new java.util.HashSet<>();
        for (String path : written) {
            Stat stat = cluster.checkExists().forPath(path);
            zxids.add(stat.getCzxid());
        }
        assertThat(zxids).as("one transaction: every znode created by the same ZooKeeper change").hasSize(1);
        assertThat(Catalog.open(new ZooKeeperCatalogStore(ZOOKEEPER.connection()), wsdlSource()).snapshot().instances())
                .as("what a member loads").hasSize(3);
    }

    @Test
    void aDomainLargerThanOneZooKeeperRequestIsRefusedNamingTheOptionAndNothingIsSent() throws Exception {
        assertThatThrownBy(() -> ClusterImport.run(standaloneDir, ZOOKEEPER.cluster(), 4096))
                .isInstanceOf(ClusterImport.DomainTooLargeException.class)
                .hasMessageContaining("more than the 4096 bytes")
                .hasMessageContaining("jute.maxbuffer")
                .hasMessageContaining("--jute-maxbuffer")
                .hasMessageContaining("nothing was written");

        assertThat(ZOOKEEPER.connection().client().checkExists().forPath(CatalogView.PORTS)).isNull();
    }

    @Test
    void theCommandRefusesADomainLargerThanItsJuteMaxbufferWithExitCodeTwo() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ClusterConfig cluster = ZOOKEEPER.cluster();

        int exit = ClusterImportCommand.run(List.of("--data-dir", standaloneDir.toString(), "--zookeeper",
                cluster.zookeeper(), "--cluster", cluster.name(), "--jute-maxbuffer", "4096"),
                Map.of(ClusterImportCommand.CREDENTIAL, OneZooKeeper.CREDENTIAL.user() + ":" + OneZooKeeper.CREDENTIAL.password()),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--jute-maxbuffer").contains("nothing was written");
        assertThat(ZOOKEEPER.connection().client().checkExists().forPath(CatalogView.PORTS)).isNull();
    }

    @Test
    void theCommandFilesTheImportInTheCopiedNodesAuditFileWithoutTheCredential() throws Exception {
        ClusterConfig cluster = ZOOKEEPER.cluster();
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int exit = ClusterImportCommand.run(List.of("--data-dir", standaloneDir.toString(), "--zookeeper",
                cluster.zookeeper(), "--cluster", cluster.name()),
                Map.of(ClusterImportCommand.CREDENTIAL, OneZooKeeper.CREDENTIAL.user() + ":" + OneZooKeeper.CREDENTIAL.password()),
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8));

        assertThat(exit).isZero();
        assertThat(java.nio.file.Files.readAllLines(standaloneDir.resolve("audit.log"))).singleElement().satisfies(line -> {
            assertThat(line).contains("\"action\":\"cluster-import\"").contains("\"outcome\":\"ok\"")
                    .contains("\"who\":\"os user ").contains(cluster.name()).contains("1 users");
            assertThat(line).doesNotContain(OneZooKeeper.CREDENTIAL.password());
        });
    }

    /** Another process creates the cluster's list of child nodes, the import's last write, just before it commits. */
    private static ClusterImport.BeforeCommit anotherProcessWritesTheChildNodes() {
        return client -> client.create().forPath(ZooKeeperChildStore.CHILDREN, "[]".getBytes(StandardCharsets.UTF_8));
    }
}
