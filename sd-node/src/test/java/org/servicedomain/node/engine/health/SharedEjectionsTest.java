package org.servicedomain.node.engine.health;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.policy.HealthRule;

/**
 * Two nodes' health sharing one board, as cluster members share ZooKeeper's: one leads the chores
 * (it probes), the other does not.
 */
class SharedEjectionsTest {

    private static final HealthRule RULE = new HealthRule(3, Duration.ofMillis(20), Duration.ofMillis(40));

    @TempDir
    Path dataDir;

    private final MemoryBoard board = new MemoryBoard();
    private final AtomicBoolean probePasses = new AtomicBoolean();
    private final Member leader = new Member(true);
    private final Member other = new Member(false);
    private Instance instance;
    private Catalog catalog;

    /** One node's health, its probes counted, its leadership switchable. */
    private final class Member {
        final AtomicBoolean leads;
        final AtomicInteger probes = new AtomicInteger();
        final List<NodeEvent> heard = new CopyOnWriteArrayList<>();
        InstanceHealth health;

        Member(boolean leads) {
            this.leads = new AtomicBoolean(leads);
        }

        void open() {
            NodeEvents events = new NodeEvents(Clock.systemUTC());
            events.addListener(heard::add);
            health = new InstanceHealth(catalog, port -> RULE, i -> {
                probes.incrementAndGet();
                return probePasses.get();
            }, events, Duration.ofSeconds(60), Clock.systemUTC(), board, leads::get);
            board.readers.add(health);
        }

        void fail(int times) {
            for (int i = 0; i < times; i++) {
                health.dispatchFailed(null, instance, 1_000,
                        new DispatchException(DispatchException.Kind.CONNECTION, "refused", null));
            }
        }

        boolean ejected() {
            return health.isEjected(instance.id());
        }
    }

    /** A board in memory that tells every reader at once, as the members' caches would. */
    private static final class MemoryBoard implements EjectionBoard {
        final List<Reader> readers = new CopyOnWriteArrayList<>();
        final Map<String, String> posted = new ConcurrentHashMap<>();
        volatile boolean refuses;

        @Override
        public void post(String instanceId, String why, Consumer<String> notPosted) {
            if (refuses) {
                notPosted.accept("no quorum");
            } else if (posted.putIfAbsent(instanceId, why) == null) {
                readers.forEach(r -> r.posted(instanceId, why, "a member"));
            }
        }

        @Override
        public void takeDown(String instanceId) {
            if (posted.remove(instanceId) != null) {
                readers.forEach(r -> r.takenDown(instanceId));
            }
        }
    }

    @BeforeEach
    void oneInstanceTwoMembers() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        instance = catalog.register(registration(SOAP11_WSDL, "http://flaky.example/quotes")).get(0).instance();
        leader.open();
        other.open();
    }

    @AfterEach
    void stop() {
        leader.health.close();
        other.health.close();
    }

    @Test
    void anEjectionByAMemberThatDoesNotLeadHoldsOnEveryMemberAndOnlyTheLeaderProbesIt() {
        other.fail(3);

        assertThat(board.posted).containsKey(instance.id());
        assertThat(leader.ejected()).isTrue();
        assertThat(other.ejected()).isTrue();
        assertThat(leader.heard).extracting(NodeEvent::type).containsExactly(NodeEvent.Type.INSTANCE_EJECTED);
        await().atMost(Duration.ofSeconds(5)).until(() -> leader.probes.get() >= 3);
        assertThat(other.probes.get()).as("in the time the leader probed three times").isZero();
    }

    @Test
    void whenTheLeadersProbePassesTheInstanceIsBackOnEveryMember() {
        other.fail(3);
        await().atMost(Duration.ofSeconds(5)).until(() -> leader.probes.get() >= 1);

        probePasses.set(true);

        await().atMost(Duration.ofSeconds(5)).until(() -> !other.ejected() && !leader.ejected());
        assertThat(board.posted).isEmpty();
        assertThat(other.heard).extracting(NodeEvent::type)
                .containsExactly(NodeEvent.Type.INSTANCE_EJECTED, NodeEvent.Type.INSTANCE_BACK);
        assertThat(other.probes.get()).isZero();
    }

    @Test
    void aMemberThatTakesTheLeadOverProbesTheEjectionsOnTheBoard() {
        other.fail(3);
        await().atMost(Duration.ofSeconds(5)).until(() -> leader.probes.get() >= 1);

        leader.leads.set(false);
        other.leads.set(true);
        other.health.takeOverProbes();

        await().atMost(Duration.ofSeconds(5)).until(() -> other.probes.get() >= 3);
        int byOldLeader = leader.probes.get();
        await().atMost(Duration.ofSeconds(5)).until(() -> other.probes.get() >= 6);
        assertThat(leader.probes.get()).as("the old leader stopped probing").isEqualTo(byOldLeader);
        assertThat(other.ejected()).isTrue();
    }

    @Test
    void aMemberThatCannotPostItsEjectionProbesTheInstanceItself() {
        board.refuses = true;

        other.fail(3);

        assertThat(other.ejected()).isTrue();
        assertThat(leader.ejected()).as("the board never had it").isFalse();
        await().atMost(Duration.ofSeconds(5)).until(() -> other.probes.get() >= 2);
        probePasses.set(true);
        await().atMost(Duration.ofSeconds(5)).until(() -> !other.ejected());
    }

    @Test
    void theLeaderTakesTheEjectionOfAnInstanceThatLeftTheCatalogDown() {
        other.fail(3);

        leader.health.forget(instance.id());
        other.health.forget(instance.id());

        assertThat(board.posted).isEmpty();
    }
}
