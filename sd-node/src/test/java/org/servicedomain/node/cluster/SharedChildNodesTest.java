package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildRegistry;
import org.servicedomain.node.hierarchy.ChildStore;
import org.servicedomain.node.hierarchy.ChildTerms;

/** Child nodes registered with one member of a cluster are known, with their secrets, to every member. */
class SharedChildNodesTest {

    private static final AtomicInteger CLUSTERS = new AtomicInteger();
    private static TestingServer zookeeper;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private ClusterConfig cluster;

    @BeforeAll
    static void oneZooKeeperServer() throws Exception {
        zookeeper = new TestingServer(true);
    }

    @AfterAll
    static void stopZooKeeper() throws IOException {
        zookeeper.close();
    }

    @BeforeEach
    void aFreshCluster() {
        cluster = new ClusterConfig(zookeeper.getConnectString(), "children-" + CLUSTERS.incrementAndGet());
    }

    @AfterEach
    void closeAll() throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
    }

    @Test
    void aChildRegisteredAtOneMemberIsKnownWithItsSecretAtAnotherWithinOneSecond() throws IOException {
        ChildRegistry first = ChildRegistry.open(store());
        ChildRegistry second = ChildRegistry.open(store());

        first.put(child("http://10.0.0.7:8080/sd", "UBC"));

        await().atMost(Duration.ofSeconds(1)).until(() -> second.named("UBC").isPresent());
        assertThat(second.at("http://10.0.0.7:8080/sd").orElseThrow().secret()).isEqualTo("secret-of-UBC");
        second.remove("http://10.0.0.7:8080/sd");
        await().atMost(Duration.ofSeconds(1)).until(() -> first.all().isEmpty());
    }

    @Test
    void aRegistrationOnAStaleViewIsMadeOnTopOfTheOtherMembersChange() throws IOException {
        ChildRegistry first = ChildRegistry.open(store());
        ChildRegistry deaf = ChildRegistry.open(new DeafChildStore(store()));

        first.put(child("http://10.0.0.7:8080/sd", "UBC"));
        deaf.put(child("http://10.0.0.8:8080/sd", "SFU"));

        assertThat(deaf.all()).extracting(ChildNode::name).containsExactly("UBC", "SFU");
        assertThat(ChildRegistry.open(store()).all()).as("what a member joining now loads")
                .extracting(ChildNode::name).containsExactly("UBC", "SFU");
    }

    private static ChildNode child(String address, String name) {
        return new ChildNode(address, name, "secret-of-" + name, name.toLowerCase() + "-id", ChildTerms.NONE);
    }

    private ZooKeeperChildStore store() {
        try {
            ClusterConnection connection = ClusterConnection.open(cluster);
            opened.add(connection);
            ZooKeeperChildStore store = new ZooKeeperChildStore(connection);
            opened.add(store);
            return store;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A member that hears no changes: its view goes stale as soon as another member writes. */
    private record DeafChildStore(ChildStore store) implements ChildStore {

        @Override
        public List<ChildNode> load() throws IOException {
            return store.load();
        }

        @Override
        public void save(List<ChildNode> children) throws IOException {
            store.save(children);
        }
    }
}
