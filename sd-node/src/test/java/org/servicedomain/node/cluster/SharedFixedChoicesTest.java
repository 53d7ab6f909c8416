package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The users' fixed choices shared through ZooKeeper (issue 30, item 1): what one member chooses every
 * member serves, two members choosing at once end with one choice, and forgetting reaches everyone.
 */
class SharedFixedChoicesTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("fixed");

    @Test
    void aChoiceMadeAtOneMemberIsServedAtAnotherAndByAMemberThatStartsLater() {
        ZooKeeperFixedChoices first = member();
        ZooKeeperFixedChoices second = member();

        first.choose("joe", "StockQuotePortType", "i-1");

        await().atMost(Duration.ofSeconds(10)).until(() -> second.chosen("joe", "StockQuotePortType").equals(List.of("i-1")));
        assertThat(member().chosen("joe", "StockQuotePortType")).containsExactly("i-1");
        assertThat(first.chosen("ann", "StockQuotePortType")).isEmpty();
    }

    @Test
    void twoMembersChoosingAtOnceEndWithOneChoiceOnBoth() throws Exception {
        for (int round = 0; round < 20; round++) {
            ZooKeeperFixedChoices first = member();
            ZooKeeperFixedChoices second = member();
            String user = "user-" + round;
            CountDownLatch go = new CountDownLatch(1);
            CompletableFuture<Void> a = CompletableFuture.runAsync(() -> chooseAfter(go, first, user, "i-1"));
            CompletableFuture<Void> b = CompletableFuture.runAsync(() -> chooseAfter(go, second, user, "i-2"));
            go.countDown();
            CompletableFuture.allOf(a, b).join();

            await().atMost(Duration.ofSeconds(2)).until(() -> !first.chosen(user, "P").isEmpty()
                    && first.chosen(user, "P").equals(second.chosen(user, "P")));
            assertThat(first.chosen(user, "P")).hasSize(1).isEqualTo(member().chosen(user, "P"));
        }
    }

    @Test
    void aLaterChoiceGoesFirstEverywhereAndAnInstanceThatLeavesLeavesEveryList() {
        ZooKeeperFixedChoices first = member();
        ZooKeeperFixedChoices second = member();
        first.choose("joe", "P", "i-1");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.chosen("joe", "P").equals(List.of("i-1")));

        second.choose("joe", "P", "i-2");
        await().atMost(Duration.ofSeconds(10)).until(() -> first.chosen("joe", "P").equals(List.of("i-2", "i-1")));

        first.forgetInstance("i-2");
        second.forgetInstance("i-2");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.chosen("joe", "P").equals(List.of("i-1"))
                && first.chosen("joe", "P").equals(List.of("i-1")));
    }

    @Test
    void aRemovedUsersAndAGonePortsChoicesGoAtEveryMember() {
        ZooKeeperFixedChoices first = member();
        ZooKeeperFixedChoices second = member();
        first.choose("joe", "P", "i-1");
        first.choose("joe", "Q", "i-9");
        first.choose("ann", "Q", "i-9");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.size() == 3);

        first.forgetUser("joe");
        await().atMost(Duration.ofSeconds(10)).until(() -> second.size() == 1);
        second.forgetPort("Q");
        await().atMost(Duration.ofSeconds(10)).until(() -> first.size() == 0);
        assertThat(first.chosen("ann", "Q")).isEmpty();
    }

    @Test
    void aMemberKeepsNoMorePairsThanItsLimitAndUsersBeyondItAreNotPinned() {
        ZooKeeperFixedChoices member = ZOOKEEPER.closeAfterTest(open(2));
        member.choose("a", "P", "i-1");
        member.choose("b", "P", "i-1");
        member.choose("c", "P", "i-1");

        await().atMost(Duration.ofSeconds(10)).until(() -> member.size() == 2);
        assertThat(member.chosen("c", "P")).isEmpty();
        assertThat(member.shared()).isTrue();
    }

    private static void chooseAfter(CountDownLatch go, ZooKeeperFixedChoices member, String user, String instance) {
        try {
            go.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        member.choose(user, "P", instance);
    }

    private static ZooKeeperFixedChoices member() {
        return ZOOKEEPER.closeAfterTest(open(100));
    }

    private static ZooKeeperFixedChoices open(int maxChoices) {
        try {
            return new ZooKeeperFixedChoices(ZOOKEEPER.connection(), maxChoices);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
