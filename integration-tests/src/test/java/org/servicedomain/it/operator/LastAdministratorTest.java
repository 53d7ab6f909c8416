package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.UserInfo;
import org.servicedomain.testsupport.RunningNode;

/** The node keeps at least one administrator once it has one: it never falls open again. */
class LastAdministratorTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private NodeClient root;

    @BeforeEach
    void start() {
        node = RunningNode.start(dataDir);
        NodeClient anonymous = NodeClient.connect(node.baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        root = anonymous.withSession(anonymous.login("root", "root-pw").sessionId());
    }

    @AfterEach
    void stop() {
        node.close();
    }

    @Test
    void theLastAdministratorCanBeNeitherRemovedNorDemoted() {
        assertThatThrownBy(() -> root.removeUser("root")).isInstanceOfSatisfying(NodeClientException.class,
                e -> assertThat(e.code()).isEqualTo("LastAdministrator"));
        assertThatThrownBy(() -> root.setUser(new NodeClient.UserEntry("root", null, "staff", List.of(), List.of("user"))))
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isEqualTo("LastAdministrator"));
        assertThat(root.users()).filteredOn(u -> u.getName().equals("root")).flatExtracting(UserInfo::getRole)
                .containsExactly("administrator");
        assertThatThrownBy(() -> NodeClient.connect(node.baseUri()).users()).as("the home port stays closed")
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isEqualTo("NotAuthorized"));
    }

    @Test
    void anAdministratorCanBeRemovedWhileAnotherRemains() {
        root.setUser(new NodeClient.UserEntry("ann", "ann-pw", "staff", List.of(), List.of("administrator")));

        assertThat(root.removeUser("ann")).isTrue();
        root.setUser(new NodeClient.UserEntry("ann", "ann-pw", "staff", List.of(), List.of("administrator")));
        NodeClient ann = root.withSession(root.login("ann", "ann-pw").sessionId());
        assertThat(ann.removeUser("root")).isTrue();
        assertThat(ann.users()).extracting(UserInfo::getName).containsExactly("ann");
    }
}
