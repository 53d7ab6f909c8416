package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildTerms;
import org.servicedomain.node.hierarchy.FileChildStore;

/**
 * {@code cluster-import} on a real ZooKeeper server copies a standalone node's registered child nodes
 * with their terms and secrets: every member recovers them as they were, while ZooKeeper holds each
 * secret only sealed under the members' credential, never in clear.
 */
class ClusterImportOfChildNodesTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("import-children");

    private static final String SECRET = "the-childs-secret-of-the-import";
    private static final ChildNode SIGNED = new ChildNode("http://127.0.0.1:9/sd/services/home", "child-1", SECRET,
            "child-node-id-1", new ChildTerms(Set.of("gold", "silver"), Map.of("region", "eu", "nodeCapacityTps", "200"), 1500L));
    private static final ChildNode UNSIGNED = new ChildNode("http://127.0.0.1:10/sd/services/home", "child-2", null,
            "child-node-id-2", ChildTerms.NONE);

    @TempDir
    Path standaloneDir;

    @Test
    void importedChildrenKeepTheirTermsAndSecretsForEveryMemberWhileZooKeeperHoldsNoSecretInClear() throws Exception {
        new FileChildStore(standaloneDir).save(List.of(SIGNED, UNSIGNED));

        ClusterImport.Imported imported = ClusterImport.run(standaloneDir, ZOOKEEPER.cluster());

        assertThat(imported.children()).isEqualTo(2);
        byte[] stored = ZOOKEEPER.connection().client().getData().forPath(ZooKeeperChildStore.CHILDREN);
        assertThat(new String(stored, StandardCharsets.UTF_8)).as("the znode as ZooKeeper holds it")
                .contains("child-node-id-1").doesNotContain(SECRET);
        try (ZooKeeperChildStore member = new ZooKeeperChildStore(ZOOKEEPER.connection())) {
            assertThat(member.load()).as("what a member loads").containsExactly(SIGNED, UNSIGNED);
        }
    }
}
