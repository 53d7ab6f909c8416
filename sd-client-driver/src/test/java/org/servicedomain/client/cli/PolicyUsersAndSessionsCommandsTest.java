package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Instant;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.OpenSessionInfo;
import org.servicedomain.home.v1.UserInfo;

/** {@code policy}, {@code users} and {@code sessions}: what they send the node and how they print its answers. */
class PolicyUsersAndSessionsCommandsTest {

    @RegisterExtension
    final CannedSdctl sdctl = new CannedSdctl();
    private final CannedNode node = sdctl.node();

    @Test
    void aPolicySetFromStandardInputPrintsItsVersionAndEachWarningOnALine() {
        node.policies.put(3L, "<policy/>");
        node.policyWarnings.add("line 2: directive 'leastLoaded' is deprecated");

        CannedSdctl.Result result = sdctl.runWithInput("<policy xmlns=\"urn:sd:policy:1\"/>\n", "policy", "set", "-");

        assertThat(node.policies.get(4L)).isEqualTo("<policy xmlns=\"urn:sd:policy:1\"/>\n");
        assertThat(result.lines()).containsExactly("active: version 4", "warning: line 2: directive 'leastLoaded' is deprecated");
    }

    @Test
    void aPolicyIsPrintedEndingWithANewlineAndAsJsonWithItsVersion() {
        node.policies.put(5L, "<policy/>");

        assertThat(sdctl.run("policy", "get").out()).isEqualTo("<policy/>\n");
        JsonNode json = sdctl.run("-o", "json", "policy", "get", "5").json();
        assertThat(json.get("version").asLong()).isEqualTo(5);
        assertThat(json.get("document").asText()).isEqualTo("<policy/>");
    }

    @Test
    void aDiffNamesBothVersionsAndMarksEachLineKeptRemovedOrAdded() {
        node.policies.put(1L, "<policy>\n<a/>\n</policy>");
        node.policies.put(2L, "<policy>\n<b/>\n</policy>");

        CannedSdctl.Result result = sdctl.run("policy", "diff", "1", "2");

        assertThat(result.lines()).containsExactly("--- version 1", "+++ version 2", " <policy>", "-<a/>", "+<b/>", " </policy>");
    }

    @Test
    void aRollbackSetsTheKeptVersionsDocumentAgainUnderANewVersion() {
        node.policies.put(1L, "<policy>one</policy>");
        node.policies.put(2L, "<policy>two</policy>");

        CannedSdctl.Result result = sdctl.run("policy", "rollback", "1");

        assertThat(node.policies.get(3L)).isEqualTo("<policy>one</policy>");
        assertThat(result.lines()).containsExactly("version 1 active again as version 3");
    }

    @Test
    void usersAreListedWithTheirRolesAndDesignatedProvidersNeverAPassword() {
        node.users.add(user("ann", "gold", List.of("user", "provider"), List.of("quote-a")));

        CannedSdctl.Result result = sdctl.run("users", "list");

        assertThat(result.lines()).containsExactly("USER  LEVEL  ROLES          DESIGNATED", "ann   gold   user provider  quote-a");
    }

    @Test
    void aUserSetWithPasswordSendsTheFirstLineOfStandardInputAndOneSetWithoutKeepsTheirs() {
        sdctl.runWithInput("s3cret-1\nignored\n", "users", "set", "ann", "--level", "gold", "--role", "user", "--password");
        NodeClient.UserEntry withPassword = node.userSet;
        sdctl.run("users", "set", "ann", "--level", "silver");

        assertThat(withPassword).isEqualTo(new NodeClient.UserEntry("ann", "s3cret-1", "gold", List.of(), List.of("user")));
        assertThat(node.userSet.password()).as("kept").isNull();
        assertThat(node.userSet.userLevel()).isEqualTo("silver");
    }

    @Test
    void aNewPasswordKeepsTheUsersLevelRolesAndDesignatedProviders() {
        node.users.add(user("ann", "gold", List.of("user"), List.of("quote-a")));

        CannedSdctl.Result result = sdctl.runWithInput("s3cret-2\n", "users", "passwd", "ann");

        assertThat(result.out().strip()).isEqualTo("password of ann changed");
        assertThat(node.userSet).isEqualTo(new NodeClient.UserEntry("ann", "s3cret-2", "gold", List.of("quote-a"), List.of("user")));
    }

    @Test
    void theNodesSessionsShowOnlyAPrefixOfEachIdAndMarkThisSdctlsOwn() {
        node.openSessions.add(openSession("a1b2c3", "root", true));
        node.openSessions.add(openSession("d4e5f6", "joe", false));

        CannedSdctl.Result result = sdctl.run("sessions");

        assertThat(result.lines().get(1)).matches("a1b2c3\\.\\.\\. +root +staff +\\S+ +\\S+ +\\(this sdctl\\)");
        assertThat(result.lines().get(2)).matches("d4e5f6\\.\\.\\. +joe +staff +\\S+ +\\S+");
    }

    @Test
    void keptSessionsAreCheckedAgainstTheirNodeAndThoseOfOtherNodesLeftOutWhenANodeIsNamed() {
        sdctl.keeping("root", "session-of-root").keeping("http://other.node.example/sd", "joe", "session-of-joe");

        JsonNode kept = sdctl.run("-o", "json", "sessions", "--kept").json();

        assertThat(kept).singleElement().satisfies(s -> {
            assertThat(s.get("user").asText()).isEqualTo("root");
            assertThat(s.get("state").asText()).isEqualTo("open");
        });
        assertThat(node.asked).containsExactly("sessionActivity session-of-root");
    }

    @Test
    void aKeptSessionTheNodeRefusesIsShownEnded() {
        sdctl.keeping("root", "session-of-root");
        node.refusal = new NodeClientException("NotAuthorized", "unknown or expired session", List.of(), null);

        CannedSdctl.Result result = sdctl.run("sessions", "--kept");

        assertThat(result.lines().get(1)).matches(Pattern.quote(CannedNode.ADDRESS) + " +root +staff +administrator +ended +-");
    }

    private static UserInfo user(String name, String level, List<String> roles, List<String> designated) {
        UserInfo u = new UserInfo();
        u.setName(name);
        u.setUserLevel(level);
        u.getRole().addAll(roles);
        u.getDesignated().addAll(designated);
        return u;
    }

    private static OpenSessionInfo openSession(String prefix, String user, boolean own) {
        OpenSessionInfo s = new OpenSessionInfo();
        s.setIdPrefix(prefix);
        s.setUser(user);
        s.setUserLevel("staff");
        s.setCreatedAt(CannedNode.xmlTime(Instant.parse("2026-12-01T09:00:00Z")));
        s.setLastUsedAt(CannedNode.xmlTime(Instant.parse("2026-12-01T10:00:00Z")));
        s.setOwn(own);
        return s;
    }
}
