package org.servicedomain.node.session;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.GetUsers;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.LoginResponse;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.home.v1.RemoveUser;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.home.v1.UserInfo;
import org.servicedomain.node.Node;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.entry.NodeWebApp;
import org.servicedomain.node.entry.home.HomeNode;
import org.servicedomain.node.entry.home.HomePort;
import org.servicedomain.node.entry.port.VirtualPortFront;

/** The home port's user and session operations, called on a node's {@link HomePort} without SOAP. */
class HomePortUsersTest {

    @TempDir
    Path dataDir;

    private Node node;
    private HomePort home;

    @BeforeEach
    void openNode() throws IOException {
        node = Node.open(NodeConfig.builder(dataDir).build());
        HomeNode parts = NodeWebApp.homeNode(node);
        home = new HomePort(parts, new VirtualPortFront(node.config(), parts.catalog(), parts.policy(), parts.domainInfo(),
                node.engine().requestChain()));
    }

    @AfterEach
    void closeNode() {
        node.close();
    }

    @Test
    void aUserSetThroughTheHomePortLogsInAndOut() throws HomeFault {
        home.setUser(setUser("joe", "s3cret", "platinum"));

        LoginResponse login = home.login(login("joe", "s3cret"));

        assertThat(login.getUserLevel()).isEqualTo("platinum");
        assertThat(node.state().sessions().caller(login.getSessionId())).isPresent();
        home.logout(logout(login.getSessionId()));
        assertThat(node.state().sessions().caller(login.getSessionId())).isEmpty();
    }

    @Test
    void wrongPasswordAndUnknownSessionAreNotAuthorizedFaults() throws HomeFault {
        home.setUser(setUser("joe", "s3cret", "platinum"));

        assertThatThrownBy(() -> home.login(login("joe", "guess"))).isInstanceOfSatisfying(HomeFault.class, f ->
                assertThat(f.getFaultInfo().getCode()).isEqualTo("NotAuthorized"));
        assertThatThrownBy(() -> home.logout(logout("made-up"))).isInstanceOfSatisfying(HomeFault.class, f -> {
            assertThat(f.getFaultInfo().getCode()).isEqualTo("NotAuthorized");
            assertThat(f.getFaultInfo().getMessage()).isEqualTo("unknown or expired session");
        });
    }

    @Test
    void getUsersShowsLevelsAndRolesButNoHashes() throws HomeFault {
        SetUser ann = setUser("ann", "pw", "trial");
        ann.getRole().add("provider");
        ann.getDesignated().add("bankA");
        home.setUser(ann);

        UserInfo shown = home.getUsers(new GetUsers()).getUser().get(0);

        assertThat(shown.getName()).isEqualTo("ann");
        assertThat(shown.getUserLevel()).isEqualTo("trial");
        assertThat(shown.getRole()).containsExactly("provider");
        assertThat(shown.getDesignated()).containsExactly("bankA");
    }

    @Test
    void removingAUserEndsTheirSessions() throws HomeFault {
        home.setUser(setUser("joe", "s3cret", "platinum"));
        String session = home.login(login("joe", "s3cret")).getSessionId();
        RemoveUser remove = new RemoveUser();
        remove.setUser("joe");

        assertThat(home.removeUser(remove).isRemoved()).isTrue();

        assertThat(node.state().sessions().caller(session)).isEmpty();
        assertThat(home.removeUser(remove).isRemoved()).isFalse();
    }

    @Test
    void malformedUserIsABadRequest() {
        assertThatThrownBy(() -> home.setUser(setUser("x".repeat(65), "pw", "trial")))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("BadRequest"));
    }

    @Test
    void aUserNamedLikeAParentsAdministratorIsABadRequestAndNotKept() {
        assertThatThrownBy(() -> home.setUser(setUser("parent:alice", "pw", "staff")))
                .isInstanceOfSatisfying(HomeFault.class, f -> {
                    assertThat(f.getFaultInfo().getCode()).isEqualTo("BadRequest");
                    assertThat(f.getMessage()).contains("parent:");
                });
        assertThat(node.state().users().find("parent:alice")).isEmpty();
    }

    private static SetUser setUser(String user, String password, String level) {
        SetUser request = new SetUser();
        request.setUser(user);
        request.setPassword(password);
        request.setUserLevel(level);
        return request;
    }

    private static Login login(String user, String password) {
        Login request = new Login();
        request.setUser(user);
        request.setPassword(password);
        return request;
    }

    private static Logout logout(String sessionId) {
        Logout request = new Logout();
        request.setSessionId(sessionId);
        return request;
    }
}
