package org.servicedomain.node.entry.children;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.ArgumentMatchers.anyString;
import static org.mockito.ArgumentMatchers.eq;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.when;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Caller;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.hierarchy.AdminProof;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildRegistry;
import org.servicedomain.node.hierarchy.ChildTerms;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/** Which forwarded home-port calls go to which child, for whom, and what is refused. */
class ChildForwardingTest {

    private static final ChildNode CHILD = new ChildNode("http://10.0.0.7:8080/sd", "UBC", "secret-of-ubc-child", "ubc-id",
            ChildTerms.NONE);
    private static final String GET_POLICY = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\">"
            + "<s:Header><sd:session xmlns:sd=\"urn:sd:home:1\">S1</sd:session></s:Header>"
            + "<s:Body><h:getPolicy xmlns:h=\"urn:sd:home:1\"/></s:Body></s:Envelope>";

    private final Hierarchy hierarchy = mock(Hierarchy.class);
    private final ChildRegistry children = mock(ChildRegistry.class);
    private final UserDirectory users = mock(UserDirectory.class);
    private final Map<String, Caller> sessions = Map.of(
            "S1", new Caller("S1", "root", "staff", List.of()),
            "S2", new Caller("S2", "joe", "customer", List.of()));
    private ChildForwarding forwarding;

    @BeforeEach
    void setUp() {
        when(hierarchy.children()).thenReturn(children);
        when(children.named("UBC")).thenReturn(Optional.of(CHILD));
        when(children.named("nobody")).thenReturn(Optional.empty());
        when(users.find("root")).thenReturn(Optional.of(new User("root", "staff", List.of(), Set.of("administrator"))));
        when(users.find("joe")).thenReturn(Optional.of(new User("joe", "customer", List.of(), Set.of("user", "provider"))));
        when(hierarchy.adminProofFor(any(), anyString(), anyString(), any())).thenReturn("admin:1:n:mac");
        forwarding = new ChildForwarding(hierarchy, id -> Optional.ofNullable(sessions.get(id)), users);
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void anAdministratorsCallGoesToTheRegisteredChildsHomePortWithoutTheSessionHeader() {
        ChildForwarding.Forward forward = forwarding.prepare("/UBC/services/home", bytes(GET_POLICY), null);

        assertThat(forward.address()).isEqualTo("http://10.0.0.7:8080/sd/services/home");
        assertThat(forward.user()).isEqualTo("root");
        assertThat(forward.operation()).isEqualTo("getPolicy");
        assertThat(new String(forward.body(), StandardCharsets.UTF_8)).doesNotContain("session").doesNotContain("S1")
                .contains("getPolicy");
        verify(hierarchy).adminProofFor(eq(CHILD), eq("/services/home"), eq("root"), eq(AdminProof.digest(forward.body())));
        assertThat(forward.proof()).isEqualTo("admin:1:n:mac");
    }

    @Test
    void aCallForANodeFurtherDownGoesToTheChildsOwnForwardingPath() {
        ChildForwarding.Forward forward = forwarding.prepare("/UBC/children/WFS/services/home", bytes(GET_POLICY), null);

        assertThat(forward.address()).isEqualTo("http://10.0.0.7:8080/sd/children/WFS/services/home");
        verify(hierarchy).adminProofFor(eq(CHILD), eq("/children/WFS/services/home"), eq("root"), any());
    }

    @Test
    void aCallTheParentForwardedIsMadeForTheParentsAdministratorWithoutASession() {
        String noSession = GET_POLICY.replace("<s:Header><sd:session xmlns:sd=\"urn:sd:home:1\">S1</sd:session></s:Header>", "");

        ChildForwarding.Forward forward = forwarding.prepare("/UBC/services/home", bytes(noSession), "top-admin");

        assertThat(forward.user()).isEqualTo("top-admin");
    }

    @Test
    void aUserWithoutTheAdministratorRoleAnUnknownSessionAndNoSessionAreRefused() {
        assertRefused(() -> forwarding.prepare("/UBC/services/home", bytes(GET_POLICY.replace("S1", "S2")), null),
                FaultCode.NotAuthorized, "joe is not one");
        assertRefused(() -> forwarding.prepare("/UBC/services/home", bytes(GET_POLICY.replace("S1", "S9")), null),
                FaultCode.NotAuthorized, "unknown or expired session");
        assertRefused(() -> forwarding.prepare("/UBC/services/home", bytes(GET_POLICY.replace(
                "<s:Header><sd:session xmlns:sd=\"urn:sd:home:1\">S1</sd:session></s:Header>", "")), null),
                FaultCode.NotAuthorized, "sd:session");
        verify(hierarchy, never()).adminProofFor(any(), anyString(), anyString(), any());
    }

    @Test
    void anUnknownChildIsRefusedAndOnlyAnAdministratorLearnsThatItIsUnknown() {
        assertRefused(() -> forwarding.prepare("/nobody/services/home", bytes(GET_POLICY), null),
                FaultCode.BadRequest, "no child node named 'nobody'");
        assertRefused(() -> forwarding.prepare("/nobody/services/home", bytes(GET_POLICY.replace("S1", "S2")), null),
                FaultCode.NotAuthorized, "is not one");
    }

    @Test
    void onlyTheHomePortOfAChildIsReachableNeverAnyOtherPathOrAddress() {
        for (String path : List.of("/UBC/services/ports/StockQuote", "/UBC/load", "/UBC", "/../services/home",
                "/UBC/services/home/../../metrics", "/http:%2F%2Fevil/services/home/x", "//services/home")) {
            assertRefused(() -> forwarding.prepare(path, bytes(GET_POLICY), null), FaultCode.BadRequest, "/children/{name}");
        }
    }

    private static void assertRefused(Runnable call, FaultCode code, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(NodeFault.class, f -> {
            assertThat(f.code()).isEqualTo(code);
            assertThat(f.getMessage()).contains(message);
        });
    }
}
