package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.domain.DomainInfo;
import org.servicedomain.node.domain.DomainInfoChange;

/** The domain information of several members on one in-process ZooKeeper server, each member with its own session. */
class SharedDomainInfoTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("domain");

    private static final Instant NOW = Instant.parse("2026-12-06T18:00:00Z");

    @Test
    void aChangeAtOneMemberIsServedByAnotherAndByAMemberThatStartsLater() throws Exception {
        ZooKeeperDomainInfoStore first = store();
        ZooKeeperDomainInfoStore second = store();
        assertThat(second.current()).isEqualTo(DomainInfo.NONE);

        DomainInfo kept = first.update(change("Stock quotes", null));

        assertThat(first.current()).isEqualTo(kept);
        await().atMost(Duration.ofSeconds(10)).until(() -> second.current().equals(kept));
        assertThat(store().current()).as("read before the constructor returns").isEqualTo(kept);
    }

    @Test
    void twoMembersChangingDifferentFieldsAtOnceKeepBothChanges() throws Exception {
        ZooKeeperDomainInfoStore first = store();
        ZooKeeperDomainInfoStore second = store();
        first.update(change("Stock quotes", null));
        CountDownLatch bothRead = new CountDownLatch(2);

        CompletableFuture<DomainInfo> description = CompletableFuture.supplyAsync(() -> updateAfterBothRead(first, bothRead,
                change("Quotes, delayed", null)));
        CompletableFuture<DomainInfo> owner = CompletableFuture.supplyAsync(() -> updateAfterBothRead(second, bothRead,
                change(null, "ACME")));
        description.get(20, TimeUnit.SECONDS);
        owner.get(20, TimeUnit.SECONDS);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(first.current().description()).isEqualTo("Quotes, delayed");
            assertThat(first.current().owner()).isEqualTo("ACME");
            assertThat(second.current()).isEqualTo(first.current());
        });
    }

    /** Applies {@code change} once both members have read the value they change, so the second write meets a newer version. */
    private static DomainInfo updateAfterBothRead(ZooKeeperDomainInfoStore store, CountDownLatch bothRead,
            java.util.function.UnaryOperator<DomainInfo> change) {
        try {
            return store.update(current -> {
                bothRead.countDown();
                try {
                    bothRead.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                return change.apply(current);
            });
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static java.util.function.UnaryOperator<DomainInfo> change(String description, String owner) {
        return current -> new DomainInfoChange(description, owner, null, null, null).applyTo(current, "root", NOW);
    }

    private static ZooKeeperDomainInfoStore store() throws java.io.IOException {
        return ZOOKEEPER.closeAfterTest(new ZooKeeperDomainInfoStore(ZOOKEEPER.connection()));
    }
}
