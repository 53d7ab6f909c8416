package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.session.Session;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.SessionStore.SharedSession;
import org.servicedomain.node.session.TestClock;
import org.servicedomain.node.session.User;

/**
 * Issue 27, item 4: whoever reads the cluster's ZooKeeper, or its snapshots, finds no session id to
 * present, neither as a znode's name nor inside it; sessions an earlier release kept by id are moved.
 */
class HashedSessionIdsTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("hashed");

    private final TestClock clock = new TestClock();

    @Test
    void zooKeeperHoldsNoSessionIdInANameOrInAnEntry() throws Exception {
        ClusterConnection connection = ZOOKEEPER.connection();
        ZooKeeperUserDirectory users = ZOOKEEPER.closeAfterTest(new ZooKeeperUserDirectory(connection));
        users.put(new User("joe", "gold", List.of(), Set.of("user")), "joe-pw".toCharArray());
        SessionRegistry sessions = new SessionRegistry(users, store(connection, "node-0000000a"), clock);

        Session session = sessions.login("joe", "joe-pw".toCharArray());

        String secret = session.id().substring(session.id().indexOf(':') + 1);
        CuratorFramework client = connection.client();
        List<String> names = client.getChildren().forPath(ZooKeeperSessionStore.SESSIONS);
        assertThat(names).hasSize(1).allSatisfy(name -> assertThat(name).doesNotContain(secret));
        for (String name : names) {
            assertThat(new String(client.getData().forPath(ZooKeeperSessionStore.SESSIONS + "/" + name), StandardCharsets.UTF_8))
                    .contains("joe").doesNotContain(secret);
        }
    }

    @Test
    void aSessionAnEarlierReleaseKeptByItsIdIsMovedToItsHashAndStillServed() throws Exception {
        ClusterConnection connection = ZOOKEEPER.connection();
        String id = "node-0000000b:" + "x".repeat(43);
        long now = clock.millis();
        connection.client().create().creatingParentsIfNeeded().forPath(ZooKeeperSessionStore.SESSIONS + "/" + id,
                new ObjectMapper().writeValueAsBytes(new SharedSession(id, "joe", "gold", List.of(), now, now)));

        ZooKeeperSessionStore store = store(connection, "node-0000000a");

        assertThat(store.find(id).join()).hasValueSatisfying(s -> assertThat(s.user()).isEqualTo("joe"));
        assertThat(connection.client().getChildren().forPath(ZooKeeperSessionStore.SESSIONS))
                .containsExactly(SessionIds.znodeName(id));
    }

    private ZooKeeperSessionStore store(ClusterConnection connection, String memberId) throws IOException {
        return ZOOKEEPER.closeAfterTest(new ZooKeeperSessionStore(connection, memberId, clock));
    }
}
