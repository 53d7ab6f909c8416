package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.session.Session;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.TestClock;
import org.servicedomain.node.session.User;

/**
 * The shared users and sessions of several members on one in-process ZooKeeper server, each member
 * with its own ZooKeeper session, as real members have.
 */
class SharedUsersAndSessionsTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("users");

    private final TestClock clock = new TestClock();

    @Test
    void aUserAddedAtOneMemberLogsInAtAnotherAndZooKeeperHoldsOnlyTheHash() throws Exception {
        ClusterConnection connection = connection();
        ZooKeeperUserDirectory first = new ZooKeeperUserDirectory(connection);
        ZooKeeperUserDirectory second = users();

        first.put(user("joe/ä", "customer"), "joe-secret-pw".toCharArray());

        await().atMost(Duration.ofSeconds(10)).until(() -> second.find("joe/ä").isPresent());
        assertThat(second.authenticate("joe/ä", "joe-secret-pw".toCharArray()).userLevel()).isEqualTo("customer");
        assertThatThrownBy(() -> second.authenticate("joe/ä", "wrong".toCharArray())).isInstanceOf(NodeFault.class);
        String stored = new String(connection.client().getData().forPath(ZooKeeperUserDirectory.path("joe/ä")),
                StandardCharsets.UTF_8);
        assertThat(stored).doesNotContain("joe-secret-pw").contains("PBKDF2WithHmacSHA256");
        first.close();
    }

    @Test
    void aChangeWithoutPasswordKeepsThePasswordAndAnotherMemberSeesTheNewLevel() {
        ZooKeeperUserDirectory first = users();
        ZooKeeperUserDirectory second = users();
        first.put(user("ann", "customer"), "ann-pw".toCharArray());
        await().atMost(Duration.ofSeconds(10)).until(() -> second.find("ann").isPresent());

        second.put(user("ann", "gold"), null);

        await().atMost(Duration.ofSeconds(10)).until(() -> first.find("ann").orElseThrow().userLevel().equals("gold"));
        assertThat(first.authenticate("ann", "ann-pw".toCharArray()).userLevel()).isEqualTo("gold");
    }

    @Test
    void aNewUserWithoutPasswordIsRefusedAndARemovalReachesEveryMember() {
        ZooKeeperUserDirectory first = users();
        ZooKeeperUserDirectory second = users();
        assertThatThrownBy(() -> first.put(user("nopw", "customer"), null)).isInstanceOf(IllegalArgumentException.class);
        first.put(user("bob", "customer"), "bob-pw".toCharArray());
        await().atMost(Duration.ofSeconds(10)).until(() -> second.find("bob").isPresent());

        assertThat(second.remove("bob")).isTrue();

        await().atMost(Duration.ofSeconds(10)).until(() -> first.find("bob").isEmpty());
        assertThat(first.remove("bob")).isFalse();
    }

    @Test
    void aSessionOpenedAtOneMemberIsAcceptedAtAnotherAtOnceAndALogoutThereEndsItEverywhere() {
        ZooKeeperUserDirectory users = users();
        users.put(user("joe", "customer"), "joe-pw".toCharArray());
        SessionRegistry atNode1 = sessions("node-0000000a", users);
        SessionRegistry atNode3 = sessions("node-0000000c", users());

        Session session = atNode1.login("joe", "joe-pw".toCharArray());

        assertThat(session.id()).startsWith("node-0000000a:");
        assertThat(atNode3.caller(session.id())).as("accepted before the cache has heard of it, if need be")
                .hasValueSatisfying(c -> assertThat(c.userLevel()).isEqualTo("customer"));
        assertThat(atNode3.logout(session.id())).isTrue();
        await().atMost(Duration.ofSeconds(10)).until(() -> atNode1.caller(session.id()).isEmpty());
    }

    @Test
    void everyLogoutAnswersThatItEndedTheSessionThoughTheStoreMayEchoTheEndFirst() {
        ZooKeeperUserDirectory users = users();
        users.put(user("joe", "customer"), "joe-pw".toCharArray());
        SessionRegistry here = sessions("node-0000000a", users);
        SessionRegistry there = sessions("node-0000000b", users());
        List<Session> opened = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            opened.add(here.login("joe", "joe-pw".toCharArray()));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> there.open().size() == 10);

        for (int i = 0; i < 10; i++) {
            SessionRegistry member = i % 2 == 0 ? here : there;
            assertThat(member.logout(opened.get(i).id())).as("logout %d", i).isTrue();
        }
    }

    @Test
    void aSessionUsedAtAnotherMemberStaysOpenHereWhileAnUnusedOneExpires() {
        ZooKeeperUserDirectory users = users();
        users.put(user("joe", "customer"), "joe-pw".toCharArray());
        SessionRegistry here = sessions("node-0000000a", users);
        SessionRegistry there = sessions("node-0000000b", users());
        here.setIdleTimeout(Duration.ofMinutes(1));
        there.setIdleTimeout(Duration.ofMinutes(1));
        Session used = here.login("joe", "joe-pw".toCharArray());
        Session unused = here.login("joe", "joe-pw".toCharArray());
        await().atMost(Duration.ofSeconds(10)).until(() -> there.open().size() == 2);

        clock.advance(Duration.ofSeconds(40));
        long usedThere = clock.millis();
        assertThat(there.caller(used.id())).isPresent();
        await().atMost(Duration.ofSeconds(10)).until(() -> here.described().stream()
                .anyMatch(s -> s.id().equals(used.id()) && s.lastUsedMillis() == usedThere));
        clock.advance(Duration.ofSeconds(61));

        assertThat(ZooKeeperSessionStore.USE_DELAY).isLessThan(Duration.ofSeconds(40 + 61 - 60));
        assertThat(here.caller(used.id())).as("opened 101 s ago here, used 61 s ago there").isPresent();
        assertThat(here.caller(unused.id())).as("unused for longer than the idle time and the use delay").isEmpty();
        await().atMost(Duration.ofSeconds(10)).until(() -> there.peek(unused.id()).isEmpty());
    }

    @Test
    void withoutZooKeeperOpenSessionsKeepWorkingButLoginsAndLogoutsAreRefusedClearly() throws Exception {
        try (TestingServer own = new TestingServer(true)) {
            ZOOKEEPER.useCluster(new ClusterConfig(own.getConnectString(), "no-quorum", OneZooKeeper.CREDENTIAL));
            ZooKeeperUserDirectory users = users();
            users.put(user("joe", "customer"), "joe-pw".toCharArray());
            SessionRegistry here = sessions("node-0000000a", users);
            Session open = here.login("joe", "joe-pw".toCharArray());

            own.stop();

            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThatThrownBy(() -> here.login("joe", "joe-pw".toCharArray()))
                            .isInstanceOf(NodeFault.class).hasMessageContaining("no ZooKeeper quorum"));
            assertThatThrownBy(() -> here.logout(open.id())).hasMessageContaining("no ZooKeeper quorum");
            assertThat(here.caller(open.id())).as("still open, checked from memory").isPresent();
            own.restart();
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> here.logout(open.id()));
        }
    }

    @Test
    void aMadeUpIdAndAnEndedSessionOfThisMemberAreRefused() {
        ZooKeeperUserDirectory users = users();
        users.put(user("joe", "customer"), "joe-pw".toCharArray());
        SessionRegistry here = sessions("node-0000000a", users);
        Session session = here.login("joe", "joe-pw".toCharArray());
        here.logout(session.id());

        assertThat(here.caller(session.id())).isEmpty();
        assertThat(here.caller("node-0000000b:" + "A".repeat(43))).isEmpty();
        assertThat(here.caller("../../secret")).isEmpty();
    }

    @Test
    void aMadeUpIdOfAnotherMembersFormIsReadOnceThenRefusedFromMemory() {
        ZooKeeperSessionStore store = store("node-0000000a");
        SessionRegistry here = new SessionRegistry(users(), store, clock);
        String madeUp = "node-0000000b:" + "B".repeat(43);

        assertThat(here.caller(madeUp)).isEmpty();
        assertThat(store.absentCount()).isEqualTo(1);
        assertThat(here.callerLater(madeUp)).as("refused from memory, without a read").isCompletedWithValue(Optional.empty());
    }

    @Test
    void withoutQuorumAnIdTheCacheDoesNotHoldIsRefusedAtOnceAndAHeldSessionIsStillServed() throws Exception {
        try (TestingServer own = new TestingServer(true)) {
            ZOOKEEPER.useCluster(new ClusterConfig(own.getConnectString(), "no-quorum-lookups", OneZooKeeper.CREDENTIAL));
            ZooKeeperUserDirectory users = users();
            users.put(user("joe", "customer"), "joe-pw".toCharArray());
            SessionRegistry here = new SessionRegistry(users, store("node-0000000a"), clock);
            Session open = here.login("joe", "joe-pw".toCharArray());

            own.stop();

            String madeUp = "node-0000000b:" + "C".repeat(43);
            await().atMost(Duration.ofSeconds(30)).until(() -> here.callerLater(madeUp).isCompletedExceptionally());
            assertThatThrownBy(() -> here.callerLater("node-0000000c:" + "D".repeat(43)).join())
                    .hasCauseInstanceOf(NodeFault.class).hasMessageContaining("no ZooKeeper quorum");
            assertThat(here.callerLater(open.id())).as("held here, answered from memory")
                    .isCompletedWithValueMatching(caller -> caller.orElseThrow().user().equals("joe"));
            own.restart();
        }
    }

    private SessionRegistry sessions(String memberId, ZooKeeperUserDirectory users) {
        return new SessionRegistry(users, store(memberId), clock);
    }

    private ZooKeeperSessionStore store(String memberId) {
        try {
            return ZOOKEEPER.closeAfterTest(new ZooKeeperSessionStore(connection(), memberId, clock));
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private ZooKeeperUserDirectory users() {
        try {
            return ZOOKEEPER.closeAfterTest(new ZooKeeperUserDirectory(connection()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ClusterConnection connection() {
        return ZOOKEEPER.connection();
    }

    private static User user(String name, String level) {
        return new User(name, level, List.of(), Set.of("user"));
    }
}
