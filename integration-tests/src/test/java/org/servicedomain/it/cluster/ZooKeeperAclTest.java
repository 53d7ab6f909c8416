package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetUsers;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.RunningNode;

/**
 * Issue 27, item 4: a client that reaches the cluster's ZooKeeper without the members' credential
 * (docs/cluster.md, "Securing ZooKeeper") reads none of the sessions, users or secrets the real members
 * wrote, and can neither add an administrator nor join as a member to receive their proofs.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ZooKeeperAclTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(1);

    private RunningNode node1;
    private RunningNode node2;
    private String session;
    private String root;
    private CuratorFramework anonymous;

    @BeforeEach
    void twoMembersWithAUserAndASession() throws Exception {
        List<RunningNode> members = ZOOKEEPER.startMembersWithUser("acl", 2, "joe", "joe-pw");
        node1 = members.get(0);
        node2 = members.get(1);
        session = new DomainSetup(node1.home()).login("joe", "joe-pw");
        root = ZOOKEEPER.cluster().root();
        anonymous = ZOOKEEPER.anonymousClient();
    }

    @Test
    void anAnonymousClientCannotListOrReadTheSessions() throws Exception {
        assertThatThrownBy(() -> anonymous.getChildren().forPath(root + "/sessions"))
                .isInstanceOf(KeeperException.NoAuthException.class);
        assertThatThrownBy(() -> anonymous.getData().forPath(root + "/sessions/" + session))
                .isInstanceOfAny(KeeperException.NoAuthException.class, KeeperException.NoNodeException.class);
        String hashed = Base64.getUrlEncoder().withoutPadding().encodeToString(
                MessageDigest.getInstance("SHA-256").digest(session.getBytes(StandardCharsets.UTF_8)));
        assertThatThrownBy(() -> anonymous.getData().forPath(root + "/sessions/" + hashed))
                .isInstanceOf(KeeperException.NoAuthException.class);
    }

    @Test
    void anAnonymousClientCannotReadTheUsersHashesOrTheClusterSecret() {
        assertThatThrownBy(() -> anonymous.getChildren().forPath(root + "/users"))
                .isInstanceOf(KeeperException.NoAuthException.class);
        assertThatThrownBy(() -> anonymous.getData().forPath(root + "/users/joe"))
                .isInstanceOf(KeeperException.NoAuthException.class);
        assertThatThrownBy(() -> anonymous.getData().forPath(root + "/secret"))
                .isInstanceOf(KeeperException.NoAuthException.class);
    }

    @Test
    void anAnonymousClientCannotAddAnAdministrator() throws Exception {
        assertThatThrownBy(() -> anonymous.create().forPath(root + "/users/mallory",
                "{\"name\":\"mallory\",\"roles\":[\"administrator\"]}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(KeeperException.NoAuthException.class);
        assertThat(node2.home().getUsers(new GetUsers()).getUser()).noneMatch(u -> u.getName().equals("mallory"));
    }

    @Test
    void anAnonymousClientCannotJoinAsAMember() {
        assertThatThrownBy(() -> anonymous.create().withMode(CreateMode.EPHEMERAL).forPath(root + "/members/node-deadbeef",
                "{\"id\":\"node-deadbeef\",\"home\":\"http://127.0.0.1:9/sd/services/home\"}".getBytes(StandardCharsets.UTF_8)))
                .isInstanceOf(KeeperException.NoAuthException.class);
    }

    @Test
    void zooKeeperHoldsNoSessionIdForEvenAReaderWithTheMembersCredential() throws Exception {
        String secret = session.substring(session.indexOf(':') + 1);
        try (CuratorFramework member = ZOOKEEPER.membersClient()) {
            List<String> names = member.getChildren().forPath(root + "/sessions");

            assertThat(names).isNotEmpty().allSatisfy(name -> assertThat(name).doesNotContain(secret));
            for (String name : names) {
                assertThat(new String(member.getData().forPath(root + "/sessions/" + name), StandardCharsets.UTF_8))
                        .doesNotContain(secret);
            }
        }
    }

    @Test
    void theMembersStillShareUsersAndSessions() throws Exception {
        await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(20)).until(() ->
                node2.home().getUsers(new GetUsers()).getUser().stream().anyMatch(u -> u.getName().equals("joe")));
        assertThat(new DomainSetup(node2.home()).login("joe", "joe-pw")).isNotEqualTo(session);
    }
}
