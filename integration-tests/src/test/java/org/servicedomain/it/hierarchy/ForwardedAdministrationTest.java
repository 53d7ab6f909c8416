package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.UserInfo;
import org.servicedomain.node.hierarchy.AdminProof;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/**
 * An administrator of a parent node manages its children through the parent
 * ({@code /sd/children/{name}/services/home}), on a real three-level tree on loopback where every
 * node enforces roles: the parent proves itself with a proof bound to the request, which the child
 * takes once, for that body only; nobody else gets through.
 */
class ForwardedAdministrationTest {

    private static final String XML = "text/xml; charset=UTF-8";
    private static final String GET_USERS = "<h:getUsers xmlns:h=\"urn:sd:home:1\"/>";

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    private String rootSession;
    private String joeSession;

    @BeforeEach
    void treeOfThreeNodesEachWithItsOwnAdministrator() throws Exception {
        providers = ProviderFleet.stockQuotes("quotes-child", "quotes-grandchild");
        tree = new NodeTree(dir);
        tree.start("top");
        tree.start("child");
        tree.start("grandchild");
        Registrations.register(tree.get("child").home(), providers.get(0));
        Registrations.register(tree.get("grandchild").home(), providers.get(1));
        tree.attach("grandchild", "child");
        tree.attach("child", "top");
        for (String name : List.of("grandchild", "child", "top")) {
            client(name).setUser(new NodeClient.UserEntry(name + "-admin", "pw-" + name, "staff", List.of(),
                    List.of("administrator")));
        }
        NodeClient top = client("top");
        rootSession = top.login("top-admin", "pw-top").sessionId();
        top.withSession(rootSession).setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        joeSession = top.login("joe", "joe-pw").sessionId();
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    private NodeClient client(String name) {
        return NodeClient.connect(tree.get(name).baseUri());
    }

    /** A client of node {@code path} (e.g. {@code child/grandchild}) through the top node, in {@code session} there. */
    private NodeClient through(String path, String session) {
        String base = tree.get("top").baseUri() + "/children/" + path.replace("/", "/children/");
        return NodeClient.connect(URI.create(base)).withSession(session);
    }

    private NodeClient signedInAt(String name) {
        NodeClient node = client(name);
        return node.withSession(node.login(name + "-admin", "pw-" + name).sessionId());
    }

    @Test
    void aParentAdministratorManagesTheChildThroughTheParentWithoutSigningInThere() {
        NodeClient child = through("child", rootSession);

        assertThat(child.getServiceInfo().getInstance()).extracting(i -> i.getEndpointAddress())
                .contains(providers.get(0).address().toString());
        child.setUser(new NodeClient.UserEntry("ann", "ann-pw", "gold", List.of(), List.of("user")));

        assertThat(signedInAt("child").users()).extracting(UserInfo::getName).contains("ann");
        assertThat(client("top").withSession(rootSession).users()).extracting(UserInfo::getName).doesNotContain("ann");
    }

    @Test
    void aNodeTwoLevelsDownIsReachedByChainingThroughTheChild() {
        through("child/grandchild", rootSession).setUser(new NodeClient.UserEntry("bea", "bea-pw", "gold", List.of(),
                List.of("user")));

        assertThat(signedInAt("grandchild").users()).extracting(UserInfo::getName).contains("bea");
        assertThat(signedInAt("child").users()).extracting(UserInfo::getName).doesNotContain("bea");
    }

    @Test
    void aUserWithoutTheAdministratorRoleAndACallWithoutSessionAreRefusedAtTheParent() {
        assertThatThrownBy(() -> through("child", joeSession).users()).isInstanceOfSatisfying(NodeClientException.class, e -> {
            assertThat(e.code()).isEqualTo("NotAuthorized");
            assertThat(e.getMessage()).contains("joe");
        });
        assertThatThrownBy(() -> NodeClient.connect(URI.create(tree.get("top").baseUri() + "/children/child")).users())
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isEqualTo("NotAuthorized"));
    }

    @Test
    void anUnknownChildNameIsAFaultAndNoAddressCanBeNamedInItsPlace() {
        assertThatThrownBy(() -> through("nobody", rootSession).users()).isInstanceOfSatisfying(NodeClientException.class, e -> {
            assertThat(e.code()).isEqualTo("BadRequest");
            assertThat(e.getMessage()).contains("no child node named 'nobody'");
        });
        String elsewhere = tree.get("child").baseUri().toString().replace("/", "%2F");
        assertThatThrownBy(() -> through(elsewhere, rootSession).users())
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isNotEqualTo("UNREACHABLE"));
    }

    @Test
    void aChildThatIsDownIsAFaultNamingIt() {
        tree.get("child").stop();

        assertThatThrownBy(() -> through("child", rootSession).users()).isInstanceOfSatisfying(NodeClientException.class, e -> {
            assertThat(e.code()).isEqualTo("InternalError");
            assertThat(e.getMessage()).contains("child node child did not answer");
        });
    }

    @Test
    void theChildTakesAProofOnceForTheBodyItWasMadeForAndRefusesForgedOnes() {
        String body = SoapExchange.soap11(null, GET_USERS);
        String proof = proofForChild("/services/home", "top-admin", body, Instant.now());

        assertThat(postToChild(body, proof, "top-admin").isSoapFault()).as("the genuine call").isFalse();
        assertRefused(postToChild(body, proof, "top-admin"), "already used");

        String fresh = proofForChild("/services/home", "top-admin", body, Instant.now());
        String otherBody = SoapExchange.soap11(null, "<h:removeUser xmlns:h=\"urn:sd:home:1\"><h:user>child-admin</h:user></h:removeUser>");
        assertRefused(postToChild(otherBody, fresh, "top-admin"), "does not verify");
        assertRefused(postToChild(body, fresh, "someone-else"), "does not verify");
        String forged = fresh.substring(0, fresh.lastIndexOf(':') + 1) + "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=";
        assertRefused(postToChild(body, forged, "top-admin"), "does not verify");
        String guessedSecret = AdminProof.of(TimedSignature.of("a-secret-someone-guessed"), Instant.now(), call("/services/home",
                "top-admin", body));
        assertRefused(postToChild(body, guessedSecret, "top-admin"), "does not verify");
        String stale = proofForChild("/services/home", "top-admin", body, Instant.now().minusSeconds(600));
        assertRefused(postToChild(body, stale, "top-admin"), "does not verify");
        assertThat(signedInAt("child").users()).extracting(UserInfo::getName).contains("child-admin");
    }

    @Test
    void aProofTheChildTookBeforeItRestartedIsRefusedAfterTheRestart() {
        String body = SoapExchange.soap11(null, GET_USERS);
        String proof = proofForChild("/services/home", "top-admin", body, Instant.now());
        assertThat(postToChild(body, proof, "top-admin").isSoapFault()).as("the genuine call").isFalse();

        tree.get("child").restart();

        assertRefused(postToChild(body, proof, "top-admin"), "before this node started");
        assertThat(through("child", rootSession).users()).as("the parent's fresh proofs still get through")
                .extracting(UserInfo::getName).contains("child-admin");
    }

    @Test
    void theParentsDiscoveryPollStillGetsThroughWithItsOwnProof() {
        String body = SoapExchange.soap11(null, "<h:getServiceInfo xmlns:h=\"urn:sd:home:1\"><h:topology>true</h:topology>"
                + "</h:getServiceInfo>");
        SoapReply reply = SoapExchange.post(tree.get("child").homeAddress(), XML, "", body.getBytes(StandardCharsets.UTF_8),
                Map.of(ParentProof.HEADER, ParentProof.of(NodeTree.secretOf("child"), "POST", tree.get("child").homeAddress())));

        assertThat(reply.isSoapFault()).as(reply.text()).isFalse();
        assertRefused(SoapExchange.post(tree.get("child").homeAddress(), XML, "", SoapExchange.soap11(null, GET_USERS)
                .getBytes(StandardCharsets.UTF_8), Map.of(ParentProof.HEADER, ParentProof.of(NodeTree.secretOf("child"),
                "POST", tree.get("child").homeAddress()))), "getUsers");
    }

    private AdminProof.Call call(String target, String user, String body) {
        String childId = client("top").withSession(rootSession).topology().getChild().get(0).getNodeId();
        return new AdminProof.Call(childId, target, user, AdminProof.digest(body.getBytes(StandardCharsets.UTF_8)));
    }

    /** A proof as the top node makes it for the child, with the secret they share. */
    private String proofForChild(String target, String user, String body, Instant at) {
        return AdminProof.of(TimedSignature.of(NodeTree.secretOf("child")), at, call(target, user, body));
    }

    private SoapReply postToChild(String body, String proof, String user) {
        return SoapExchange.post(tree.get("child").homeAddress(), XML, "", body.getBytes(StandardCharsets.UTF_8),
                Map.of(ParentProof.HEADER, proof, "X-SD-Parent-User", user));
    }

    private static void assertRefused(SoapReply reply, String message) {
        assertThat(reply.faultCode()).as(reply.text()).contains("NotAuthorized");
        assertThat(reply.text()).contains(message);
    }
}
