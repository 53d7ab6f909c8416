package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.session.User;

/**
 * Issue 27, item 4: the znodes of a cluster whose members share a credential are the credential's
 * alone, those an earlier release created open included, on one real ZooKeeper server.
 */
class MemberAclsTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("acls");

    @Test
    void aClusterCreatedOpenIsTheCredentialsAloneOnceAMemberWithItStarts() throws Exception {
        ClusterConfig withCredential = ZOOKEEPER.cluster();
        try (ClusterConnection open = ClusterConnection.open(withCredential.withCredential(null));
                ZooKeeperUserDirectory users = new ZooKeeperUserDirectory(open)) {
            MemberProof.load(open.client());
            users.put(new User("joe", "gold", List.of(), Set.of("user")), "joe-secret-pw".toCharArray());
        }
        CuratorFramework anonymous = anonymous();
        String root = withCredential.root();
        assertThat(anonymous.getData().forPath(root + MemberProof.SECRET)).as("created open").isNotEmpty();

        ZOOKEEPER.connection();

        assertThatThrownBy(() -> anonymous.getData().forPath(root + MemberProof.SECRET))
                .isInstanceOf(KeeperException.NoAuthException.class);
        assertThatThrownBy(() -> anonymous.getData().forPath(root + ZooKeeperUserDirectory.path("joe")))
                .isInstanceOf(KeeperException.NoAuthException.class);
        assertThatThrownBy(() -> anonymous.create().forPath(root + "/anything"))
                .isInstanceOf(KeeperException.NoAuthException.class);
    }

    @Test
    void aMemberWithoutTheCredentialCannotReadTheClustersSecret() throws Exception {
        MemberProof.load(ZOOKEEPER.connection().client());
        ClusterConnection without = ZOOKEEPER.closeAfterTest(ClusterConnection.open(ZOOKEEPER.cluster().withCredential(null)));

        assertThatThrownBy(() -> MemberProof.load(without.client())).isInstanceOf(IOException.class);
    }

    @Test
    void anotherClusterWithAnotherCredentialSharesTheEnsemble() throws Exception {
        MemberProof.load(ZOOKEEPER.connection().client());
        ClusterConfig other = new ClusterConfig(ZOOKEEPER.cluster().zookeeper(), ZOOKEEPER.cluster().name() + "-other",
                new ClusterCredential("other-members", "another-members-password"));

        MemberProof.load(ZOOKEEPER.closeAfterTest(ClusterConnection.open(other)).client());

        assertThatThrownBy(() -> anonymous().create().forPath(MemberAcls.CLUSTERS + "/" + ZOOKEEPER.cluster().name() + "/x"))
                .isInstanceOf(KeeperException.NoAuthException.class);
    }

    private static CuratorFramework anonymous() throws InterruptedException {
        CuratorFramework client = ZOOKEEPER.closeAfterTest(
                CuratorFrameworkFactory.newClient(ZOOKEEPER.server().getConnectString(), new RetryOneTime(100)));
        client.start();
        assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
        return client;
    }
}
