package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;

/**
 * Every administrative action through the home port leaves one line in the data directory's audit
 * file (who, what, when, from where, outcome), an event and a count; failures too; never a password.
 */
class AuditTrailTest {

    private static final String ROOT_PASSWORD = "root-secret-pw-1";
    private static final String ALICE_PASSWORD = "alice-secret-pw-2";
    private static final String ALICE_NEW_PASSWORD = "alice-secret-pw-3";
    private static final String WRONG_PASSWORD = "not-the-password-4";
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @Test
    void eachAdministrativeActionIsOneAuditLineNamingWhoWhatAndTheCallersAddress() throws Exception {
        NodeClient.connect(domain.node().baseUri())
                .setUser(new NodeClient.UserEntry("root", ROOT_PASSWORD, "staff", List.of(), List.of("administrator")));
        NodeClient root = signedIn("root", ROOT_PASSWORD);
        Registration registered = root.register(domain.provider("quote-a").wsdlAddress().toString(), null, null, Map.of()).get(0);
        root.setServiceInfo(registered.getInstanceId(), InstanceState.STANDBY, null, Map.of());
        long version = root.setPolicy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"random\"/></defaults></policy>");
        root.setUser(new NodeClient.UserEntry("alice", ALICE_PASSWORD, "staff", List.of(), List.of("provider")));
        root.removeUser("alice");
        root.unregister(registered.getInstanceId());
        root.logout(root.sessionId().orElseThrow());

        List<JsonNode> lines = auditLines();

        assertThat(lines).extracting(l -> l.get("action").asText()).containsExactly("setUser", "login", "register",
                "setServiceInfo", "setPolicy", "setUser", "removeUser", "unregister", "logout");
        assertThat(lines).extracting(l -> l.get("who").asText()).containsExactly("anonymous", "root", "root", "root", "root",
                "root", "root", "root", "root");
        assertThat(lines).allSatisfy(l -> {
            assertThat(l.get("from").asText()).isEqualTo("127.0.0.1");
            assertThat(l.get("outcome").asText()).isEqualTo("ok");
            assertThat(l.get("time").asText()).isNotBlank();
        });
        assertThat(lines.get(0).get("target").asText()).isEqualTo("root");
        assertThat(lines.get(2).get("detail").asText()).contains(registered.getInstanceId());
        assertThat(lines.get(3).get("target").asText()).isEqualTo(registered.getInstanceId());
        assertThat(lines.get(3).get("detail").asText()).contains("state standby");
        assertThat(lines.get(4).get("detail").asText()).contains("version " + version);
        assertThat(lines.get(5).get("target").asText()).isEqualTo("alice");
        assertThat(lines.get(5).get("detail").asText()).contains("password changed");
        assertThat(lines.get(6).get("target").asText()).isEqualTo("alice");
        assertThat(lines.get(7).get("target").asText()).isEqualTo(registered.getInstanceId());
        PrometheusText metrics = scrape();
        assertThat(metrics.sum("sd_audit_actions_total", Map.of("action", "setUser", "outcome", "ok"))).isEqualTo(2.0);
        assertThat(metrics.sum("sd_audit_actions_total", Map.of("action", "logout", "outcome", "ok"))).isEqualTo(1.0);
        assertThat(signedIn("root", ROOT_PASSWORD).events(null, null).getEvent())
                .filteredOn(e -> "ADMINISTRATIVE_ACTION".equals(e.getKind()))
                .anySatisfy(e -> assertThat(e.getMessage()).contains("root").contains("removeUser alice").contains("127.0.0.1"));
    }

    @Test
    void aFailedLoginAndARefusedActionAreRecordedWithTheirFaultCodeAndNoPasswordReachesTheFile() throws Exception {
        NodeClient open = NodeClient.connect(domain.node().baseUri());
        open.setUser(new NodeClient.UserEntry("root", ROOT_PASSWORD, "staff", List.of(), List.of("administrator")));
        NodeClient root = signedIn("root", ROOT_PASSWORD);
        root.setUser(new NodeClient.UserEntry("alice", ALICE_PASSWORD, "staff", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("alice", ALICE_NEW_PASSWORD, "staff", List.of(), List.of("provider")));
        NodeClientException wrong = catchThrowableOfType(NodeClientException.class, () -> open.login("alice", WRONG_PASSWORD));
        NodeClient alice = signedIn("alice", ALICE_NEW_PASSWORD);
        NodeClientException refused = catchThrowableOfType(NodeClientException.class, () -> alice.removeUser("root"));

        List<JsonNode> lines = auditLines();

        assertThat(wrong.code()).isEqualTo("NotAuthorized");
        assertThat(refused.code()).isEqualTo("NotAuthorized");
        assertThat(lines).filteredOn(l -> l.get("action").asText().equals("login") && l.get("who").asText().equals("alice"))
                .extracting(l -> l.get("outcome").asText()).containsExactly("NotAuthorized", "ok");
        assertThat(lines).filteredOn(l -> l.get("action").asText().equals("removeUser")).singleElement().satisfies(l -> {
            assertThat(l.get("who").asText()).isEqualTo("alice");
            assertThat(l.get("target").asText()).isEqualTo("root");
            assertThat(l.get("outcome").asText()).isEqualTo("NotAuthorized");
            assertThat(l.get("from").asText()).isEqualTo("127.0.0.1");
        });
        assertThat(scrape().sum("sd_audit_actions_total", Map.of("action", "login", "outcome", "NotAuthorized"))).isEqualTo(1.0);
        String file = Files.readString(auditFile());
        assertThat(file).doesNotContain(ROOT_PASSWORD).doesNotContain(ALICE_PASSWORD).doesNotContain(ALICE_NEW_PASSWORD)
                .doesNotContain(WRONG_PASSWORD).doesNotContain(alice.sessionId().orElseThrow())
                .doesNotContain(root.sessionId().orElseThrow());
    }

    private NodeClient signedIn(String user, String password) {
        NodeClient client = NodeClient.connect(domain.node().baseUri());
        return client.withSession(client.login(user, password).sessionId());
    }

    private Path auditFile() {
        return domain.dataDir().resolve("audit.log");
    }

    private List<JsonNode> auditLines() throws IOException {
        String text = Files.readString(auditFile());
        assertThat(text).as("whole lines only").endsWith("\n");
        return text.lines().map(line -> {
            try {
                return JSON.readTree(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }).toList();
    }

    private PrometheusText scrape() {
        return PrometheusText.scrape(URI.create(domain.node().baseUri() + "/metrics"));
    }
}
