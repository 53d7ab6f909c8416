package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/** The home port's roles over real SOAP: open until the first administrator, enforced from then on. */
class HomePortRolesTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;
    private NodeClient anonymous;

    @BeforeEach
    void start() {
        node = RunningNode.start(dataDir);
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        anonymous = NodeClient.connect(node.baseUri());
    }

    @AfterEach
    void stop() {
        providers.close();
        node.close();
    }

    @Test
    void aNodeWithoutAdministratorIsOpenToAnonymousCallers() {
        anonymous.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of());

        assertThat(anonymous.getServiceInfo().getInstance()).hasSize(1);
        assertThat(anonymous.getPolicy().version()).isZero();
    }

    @Test
    void onceAnAdministratorExistsAnonymousAdministrativeCallsAreRefused() {
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));

        assertThat(code(() -> anonymous.setPolicy("<policy xmlns=\"urn:sd:policy:1\"/>"))).isEqualTo("NotAuthorized");
        assertThat(code(() -> anonymous.getServiceInfo())).isEqualTo("NotAuthorized");
        assertThat(code(() -> anonymous.users())).isEqualTo("NotAuthorized");
        NodeClient root = signIn("root", "root-pw");
        assertThat(root.users()).extracting(u -> u.getName()).containsExactly("root");
    }

    @Test
    void loginAnswersTheUsersRoles() {
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("user", "administrator")));

        assertThat(anonymous.login("root", "root-pw").roles()).containsExactly("administrator", "user");
    }

    @Test
    void aProviderChangesOnlyTheInstancesItRegistered() {
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        NodeClient root = signIn("root", "root-pw");
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("bob", "bob-pw", "supplier", List.of(), List.of("provider")));
        NodeClient alice = signIn("alice", "alice-pw");
        NodeClient bob = signIn("bob", "bob-pw");
        String aliceInstance = alice.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of())
                .get(0).getInstanceId();
        String bobInstance = bob.register(providers.get(1).wsdlAddress().toString(), null, null, Map.of())
                .get(0).getInstanceId();

        assertThat(code(() -> bob.unregister(aliceInstance))).isEqualTo("NotAuthorized");
        assertThat(code(() -> bob.setServiceInfo(aliceInstance, InstanceState.DOWN, null, null))).isEqualTo("NotAuthorized");
        assertThat(code(() -> bob.register(providers.get(0).wsdlAddress().toString(), "Gold", null, Map.of())))
                .isEqualTo("NotAuthorized");
        assertThat(code(() -> bob.setServiceInfo(bobInstance, null, null, Map.of("sd.owner", "alice"))))
                .isEqualTo("NotAuthorized");
        InstanceInfo standby = bob.setServiceInfo(bobInstance, InstanceState.STANDBY, null, null);
        assertThat(standby.getState()).isEqualTo(InstanceState.STANDBY);
        assertThat(standby.getAttribute()).anySatisfy(a -> {
            assertThat(a.getName()).isEqualTo("sd.owner");
            assertThat(a.getValue()).isEqualTo("bob");
        });
        root.unregister(aliceInstance);
        assertThat(root.getServiceInfo().getInstance()).extracting(InstanceInfo::getInstanceId).containsExactly(bobInstance);
    }

    @Test
    void aPlainUserMayReadServiceInfoAndPolicyButNotChangeThem() {
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        signIn("root", "root-pw").setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        NodeClient joe = signIn("joe", "joe-pw");

        assertThat(joe.getServiceInfo().getVirtualPort()).isEmpty();
        assertThat(code(() -> joe.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of())))
                .isEqualTo("NotAuthorized");
        assertThat(joe.getPolicy().version()).isZero();
        assertThat(code(() -> joe.validatePolicy("<policy xmlns=\"urn:sd:policy:1\"/>"))).isEqualTo("NotAuthorized");
    }

    @Test
    void anUnknownSessionHeaderIsNotAuthorized() {
        assertThat(code(() -> anonymous.withSession("made-up").getServiceInfo())).isEqualTo("NotAuthorized");
    }

    @Test
    void validateOnlyChecksAPolicyWithoutActivatingIt() {
        long next = anonymous.validatePolicy("<policy xmlns=\"urn:sd:policy:1\"/>");

        assertThat(next).isEqualTo(1);
        assertThat(anonymous.getPolicy().version()).isZero();
        assertThatThrownBy(() -> anonymous.validatePolicy("<policy xmlns=\"urn:sd:policy:1\">\n<nonsense/></policy>"))
                .isInstanceOfSatisfying(NodeClientException.class, e -> {
                    assertThat(e.code()).isEqualTo("InvalidPolicy");
                    assertThat(e.getMessage()).contains("line 2");
                });
    }

    @Test
    void aStoppedNodeIsUnreachable() {
        node.stop();

        assertThat(code(() -> anonymous.getServiceInfo())).isEqualTo(NodeClientException.UNREACHABLE);
    }

    private NodeClient signIn(String user, String password) {
        return anonymous.withSession(anonymous.login(user, password).sessionId());
    }

    private static String code(Runnable call) {
        try {
            call.run();
        } catch (NodeClientException e) {
            return e.code();
        }
        throw new AssertionError("the call succeeded");
    }
}
