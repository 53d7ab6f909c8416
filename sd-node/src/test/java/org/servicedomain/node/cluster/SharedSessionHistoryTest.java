package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;

/**
 * The sessions' transaction history shared through ZooKeeper (issue 30, item 1): the instance that answered
 * a session at one member is the one every member follows, only ports the directive follows are written,
 * and an ended session's history goes everywhere.
 */
class SharedSessionHistoryTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("history");

    private final Instance a = instances("a", "b").get(0);
    private final Instance b = instances("a", "b").get(1);

    @Test
    void theInstanceThatAnsweredASessionAtOneMemberIsFollowedAtAnotherAndByAMemberThatStartsLater() {
        ZooKeeperSessionHistory first = member();
        ZooKeeperSessionHistory second = member();
        RequestContext call = inSession("node-1a2b3c4d:s1");
        String port = call.virtualPort().name();

        assertThat(first.lastInstance("node-1a2b3c4d:s1", port)).isEmpty();
        first.dispatched(call, b, 1_000);

        await().atMost(Duration.ofSeconds(10)).until(() -> second.lastInstance("node-1a2b3c4d:s1", port).equals(Optional.of(b.id())));
        second.dispatched(call, a, 1_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> first.lastInstance("node-1a2b3c4d:s1", port).equals(Optional.of(a.id())));
        assertThat(member().lastInstance("node-1a2b3c4d:s1", port)).contains(a.id());
    }

    @Test
    void aSessionWhosePortTheDirectiveDoesNotFollowCostsZooKeeperNothing() throws Exception {
        ZooKeeperSessionHistory first = member();
        ClusterConnection reader = ZOOKEEPER.connection();

        first.dispatched(inSession("node-1a2b3c4d:s2"), a, 1_000);
        first.dispatched(inSession("node-1a2b3c4d:s2"), b, 1_000);

        assertThat(reader.client().checkExists().forPath(ZooKeeperSessionHistory.HISTORY + "/"
                + SessionIds.znodeName("node-1a2b3c4d:s2"))).isNull();
    }

    @Test
    void anEndedSessionsHistoryGoesAtEveryMemberAndZooKeeperHoldsNoSessionId() throws Exception {
        ZooKeeperSessionHistory first = member();
        ZooKeeperSessionHistory second = member();
        RequestContext call = inSession("node-1a2b3c4d:s3");
        String port = call.virtualPort().name();
        first.lastInstance("node-1a2b3c4d:s3", port);
        first.dispatched(call, a, 1_000);
        await().atMost(Duration.ofSeconds(10)).until(() -> second.lastInstance("node-1a2b3c4d:s3", port).isPresent());
        List<String> names = ZOOKEEPER.connection().client().getChildren().forPath(ZooKeeperSessionHistory.HISTORY);
        assertThat(names).containsExactly(SessionIds.znodeName("node-1a2b3c4d:s3")).noneMatch(n -> n.contains("s3"));

        second.sessionEnded("node-1a2b3c4d:s3");
        first.sessionEnded("node-1a2b3c4d:s3");

        await().atMost(Duration.ofSeconds(10)).until(() -> second.lastInstance("node-1a2b3c4d:s3", port).isEmpty()
                && first.sessions() == 0);
        assertThat(member().lastInstance("node-1a2b3c4d:s3", port)).as("a member that starts later").isEmpty();
    }

    private static RequestContext inSession(String sessionId) {
        RequestContext r = request();
        return new RequestContext(r.virtualPort(), r.operation(), new Caller(sessionId, "joe", "gold", List.of()),
                r.contentValues(), r.soapAction(), r.contentType(), r.body());
    }

    private static ZooKeeperSessionHistory member() {
        try {
            return ZOOKEEPER.closeAfterTest(new ZooKeeperSessionHistory(ZOOKEEPER.connection()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
