package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildRegistry;
import org.servicedomain.node.hierarchy.ChildStore;
import org.servicedomain.node.hierarchy.ChildTerms;

/**
 * Child nodes registered with one member of a cluster are known, with their secrets, to every member,
 * and to no reader of ZooKeeper without the members' credential (issue 27, item 4).
 */
class SharedChildNodesTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("children");

    @Test
    void aChildRegisteredAtOneMemberIsKnownWithItsSecretAtAnotherWithinOneSecond() throws IOException {
        ChildRegistry first = ChildRegistry.open(store());
        ChildRegistry second = ChildRegistry.open(store());

        first.put(child("http://10.0.0.7:8080/sd", "UBC"));

        await().atMost(Duration.ofSeconds(10)).until(() -> second.named("UBC").isPresent());
        assertThat(second.at("http://10.0.0.7:8080/sd").orElseThrow().secret()).isEqualTo("secret-of-UBC");
        second.remove("http://10.0.0.7:8080/sd");
        await().atMost(Duration.ofSeconds(10)).until(() -> first.all().isEmpty());
    }

    @Test
    void zooKeeperHoldsNoChildsSecretInClearYetEveryMemberRecoversIt() throws Exception {
        ClusterConnection connection = ZOOKEEPER.connection();
        ChildRegistry first = ChildRegistry.open(ZOOKEEPER.closeAfterTest(new ZooKeeperChildStore(connection)));

        first.put(child("http://10.0.0.7:8080/sd", "UBC"));

        String stored = new String(connection.client().getData().forPath(ZooKeeperChildStore.CHILDREN), StandardCharsets.UTF_8);
        assertThat(stored).contains("UBC").doesNotContain("secret-of-UBC");
        assertThat(ChildRegistry.open(store()).named("UBC").orElseThrow().secret()).isEqualTo("secret-of-UBC");
    }

    @Test
    void aSecretAnEarlierReleaseKeptInClearIsReadAndSealedAtTheNextSave() throws Exception {
        ClusterConnection connection = ZOOKEEPER.connection();
        connection.client().create().creatingParentsIfNeeded().forPath(ZooKeeperChildStore.CHILDREN,
                new ObjectMapper().writeValueAsBytes(List.of(child("http://10.0.0.7:8080/sd", "UBC"))));
        ChildRegistry registry = ChildRegistry.open(store());

        assertThat(registry.named("UBC").orElseThrow().secret()).isEqualTo("secret-of-UBC");
        registry.put(child("http://10.0.0.8:8080/sd", "SFU"));
        assertThat(new String(connection.client().getData().forPath(ZooKeeperChildStore.CHILDREN), StandardCharsets.UTF_8))
                .doesNotContain("secret-of-UBC").doesNotContain("secret-of-SFU");
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
        return ZOOKEEPER.closeAfterTest(new ZooKeeperChildStore(ZOOKEEPER.connection()));
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
