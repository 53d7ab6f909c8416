package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;

/**
 * Every administrative action can be undone: a virtual port made by mistake is removed with all its
 * instances (for good, and as an event), and the default policy stays version 0 to roll back to.
 */
class UndoTest {

    private static final String ADMIN_PASSWORD = "root-pw-1";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    @TempDir
    Path configHome;

    private SdctlRun sdctl;
    private List<Registration> registered;

    @BeforeEach
    void nodeWithTwoProvidersAndAnAdministratorLoggedInWithSdctl() throws Exception {
        registered = domain.registerAll();
        sdctl = SdctlRun.signedInAsAdministrator(configHome, domain.node().baseUri(), ADMIN_PASSWORD);
    }

    @Test
    void removingAVirtualPortTakesAllItsInstancesForGoodAndIsAnEvent() throws Exception {
        String port = registered.get(0).getVirtualPort();
        assertThat(registered).extracting(Registration::getVirtualPort).containsOnly(port);

        SdctlRun.Result removed = sdctl.run("ports", "remove", port);

        assertThat(removed.exitCode()).as(removed.toString()).isZero();
        assertThat(removed.out()).contains(port).contains("2 instances");
        assertThat(admin().getServiceInfo().getVirtualPort()).isEmpty();
        assertThat(admin().getServiceInfo().getInstance()).isEmpty();
        assertThat(statusOf(domain.node().virtualPortWsdl(port))).isEqualTo(404);
        assertThat(admin().events(null, null).getEvent()).filteredOn(e -> "VIRTUAL_PORT_REMOVED".equals(e.getKind()))
                .singleElement().satisfies(e -> {
                    assertThat(e.getVirtualPort()).isEqualTo(port);
                    assertThat(e.getMessage()).contains("root").contains("2 instances");
                });
        domain.node().restart();
        assertThat(admin().getServiceInfo().getVirtualPort()).isEmpty();
        assertThat(sdctl.run("ports").out()).doesNotContain(port);
    }

    @Test
    void removingAVirtualPortThatDoesNotExistIsRefusedByName() {
        SdctlRun.Result refused = sdctl.run("ports", "remove", "NoSuchPort");

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.err()).contains("UnknownVirtualPort").contains("NoSuchPort");
        assertThat(admin().getServiceInfo().getInstance()).hasSize(2);
    }

    @Test
    void aVirtualPortTheActivePolicyNamesStaysUntilAPolicyWithoutItIsSet() throws Exception {
        String port = registered.get(0).getVirtualPort();
        Path naming = Files.writeString(configHome.resolve("naming.xml"), "<policy xmlns=\"urn:sd:policy:1\">\n"
                + "  <virtualPort name=\"" + port + "\"><selection directive=\"random\"/></virtualPort>\n</policy>\n");
        assertThat(sdctl.run("policy", "set", naming.toString()).exitCode()).isZero();

        SdctlRun.Result refused = sdctl.run("ports", "remove", port);

        assertThat(refused.exitCode()).as(refused.toString()).isEqualTo(1);
        assertThat(refused.err()).contains("BadRequest").contains("active policy").contains("line 2");
        assertThat(admin().getServiceInfo().getInstance()).hasSize(2);
        assertThat(sdctl.run("policy", "rollback", "0").exitCode()).isZero();
        assertThat(sdctl.run("ports", "remove", port).exitCode()).isZero();
        domain.node().restart();
        assertThat(admin().getServiceInfo().getVirtualPort()).isEmpty();
    }

    @Test
    void onlyAnAdministratorRemovesAVirtualPort() {
        NodeClient root = admin();
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        NodeClient alice = NodeClient.connect(domain.node().baseUri());
        NodeClient signedInAlice = alice.withSession(alice.login("alice", "alice-pw").sessionId());
        String port = registered.get(0).getVirtualPort();

        NodeClientException refused = catchThrowableOfType(NodeClientException.class,
                () -> signedInAlice.removeVirtualPort(port));

        assertThat(refused.code()).isEqualTo("NotAuthorized");
        assertThat(root.getServiceInfo().getVirtualPort()).hasSize(1);
    }

    @Test
    void theDefaultPolicyStaysVersionZeroToRollBackTo() throws Exception {
        String defaultPolicy = admin().getPolicy().document();
        assertThat(admin().getPolicy().version()).isZero();
        Path mine = Files.writeString(configHome.resolve("mine.xml"),
                "<policy xmlns=\"urn:sd:policy:1\">\n<defaults><selection directive=\"random\"/></defaults>\n</policy>\n");
        assertThat(sdctl.run("policy", "set", mine.toString()).exitCode()).isZero();

        SdctlRun.Result rollback = sdctl.run("policy", "rollback", "0");

        assertThat(rollback.exitCode()).as(rollback.toString()).isZero();
        assertThat(admin().getPolicy().version()).isEqualTo(2);
        assertThat(admin().getPolicy().document()).isEqualTo(defaultPolicy);
        assertThat(admin().getPolicy(0L).document()).isEqualTo(defaultPolicy);
    }

    private NodeClient admin() {
        NodeClient client = NodeClient.connect(domain.node().baseUri());
        return client.withSession(client.login("root", ADMIN_PASSWORD).sessionId());
    }

    private static int statusOf(java.net.URI uri) throws Exception {
        return HttpClient.newHttpClient().send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }
}
