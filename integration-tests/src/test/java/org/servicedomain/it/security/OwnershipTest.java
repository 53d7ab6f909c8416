package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.testsupport.NodeWithProviders;

/** A provider cannot take over, change or remove another provider's instance, whatever spelling it uses. */
class OwnershipTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("alice-quotes", "bob-quotes");

    private NodeClient root;
    private NodeClient alice;
    private NodeClient bob;
    private String aliceInstance;

    @BeforeEach
    void twoProvidersAndAnAdministrator() {
        NodeClient anonymous = NodeClient.connect(domain.node().baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        root = signIn(anonymous, "root", "root-pw");
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("bob", "bob-pw", "supplier", List.of(), List.of("provider")));
        alice = signIn(anonymous, "alice", "alice-pw");
        bob = signIn(anonymous, "bob", "bob-pw");
        aliceInstance = alice.register(wsdl("alice-quotes"), null, null, Map.of()).get(0).getInstanceId();
    }

    @ParameterizedTest
    @ValueSource(strings = {"&x=1", "#frag", "&x=1#frag"})
    void aProviderCannotReRegisterAnotherProvidersWsdlUnderAnotherSpelling(String spelling) {
        assertThat(code(() -> bob.register(wsdl("alice-quotes") + spelling, "Gold", null, Map.of("bank", "A"))))
                .isEqualTo("NotAuthorized");

        assertThat(code(() -> bob.unregister(aliceInstance))).isEqualTo("NotAuthorized");
        InstanceInfo kept = root.getServiceInfo().getInstance().get(0);
        assertThat(kept.getInstanceId()).isEqualTo(aliceInstance);
        assertThat(owner(kept)).isEqualTo("alice");
        assertThat(kept.getAttribute()).extracting(Attribute::getName).doesNotContain("bank");
    }

    @Test
    void theOwnerMayReRegisterItsInstanceUnderAnotherSpelling() {
        String again = alice.register(wsdl("alice-quotes") + "&x=1", null, null, Map.of()).get(0).getInstanceId();

        assertThat(again).isEqualTo(aliceInstance);
        assertThat(owner(root.getServiceInfo().getInstance().get(0))).isEqualTo("alice");
    }

    @Test
    void anAdministratorReRegisteringAProvidersInstanceKeepsItsOwner() {
        root.register(wsdl("alice-quotes") + "#again", null, null, Map.of());

        assertThat(owner(root.getServiceInfo().getInstance().get(0))).isEqualTo("alice");
        assertThat(code(() -> bob.unregister(aliceInstance))).isEqualTo("NotAuthorized");
    }

    @Test
    void anInstanceWithoutOwnerIsTheAdministratorsAlone() {
        String unowned = root.register(wsdl("bob-quotes"), null, null, Map.of()).get(0).getInstanceId();
        root.setServiceInfo(unowned, null, null, Map.of("sd.owner", ""));

        assertThat(code(() -> bob.register(wsdl("bob-quotes") + "&x=1", null, null, Map.of()))).isEqualTo("NotAuthorized");
        assertThat(code(() -> bob.unregister(unowned))).isEqualTo("NotAuthorized");
        assertThat(code(() -> bob.setServiceInfo(unowned, null, 5_000L, null))).isEqualTo("NotAuthorized");
        root.unregister(unowned);
        assertThat(root.getServiceInfo().getInstance()).extracting(InstanceInfo::getInstanceId).containsExactly(aliceInstance);
    }

    private String wsdl(String provider) {
        return domain.provider(provider).wsdlAddress().toString();
    }

    private static String owner(InstanceInfo instance) {
        return instance.getAttribute().stream().filter(a -> a.getName().equals("sd.owner"))
                .map(Attribute::getValue).findFirst().orElse(null);
    }

    private static NodeClient signIn(NodeClient anonymous, String user, String password) {
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
