package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.node.NodeVersion;
import org.servicedomain.node.qos.QosPlanCommand;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;

/**
 * What the home port now tells operators and sdctl shows: the node's version and uptime, its event
 * feed (also followed), its open sessions, and the priority classes' planner run by the node.
 */
class SdctlNodeViewsTest {

    private static final String ADMIN_PASSWORD = "root-pw-1";
    private static final Path SAMPLES = Path.of("..", "samples", "qos");

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @TempDir
    Path configHome;

    @TempDir
    Path dir;

    private final ObjectMapper json = new ObjectMapper();
    private SdctlRun sdctl;
    private String node;

    @BeforeEach
    void nodeWithAnAdministratorAUserAndALoggedInSdctl() throws Exception {
        domain.registerAll();
        NodeClient open = NodeClient.connect(domain.node().baseUri());
        open.setUser(new NodeClient.UserEntry("joe", "joe-pw-1", "customer", List.of(), List.of("user")));
        open.setUser(new NodeClient.UserEntry("root", ADMIN_PASSWORD, "staff", List.of(), List.of("administrator")));
        node = domain.node().baseUri().toString();
        sdctl = new SdctlRun(configHome);
        SdctlRun.Result login = sdctl.runWithInput(ADMIN_PASSWORD + "\n", "--node", node, "--user", "root", "login");
        assertThat(login.exitCode()).as(login.toString()).isZero();
    }

    private NodeClient admin() {
        NodeClient client = NodeClient.connect(domain.node().baseUri());
        return client.withSession(client.login("root", ADMIN_PASSWORD).sessionId());
    }

    private JsonNode jsonOf(SdctlRun.Result result) throws Exception {
        assertThat(result.exitCode()).as(result.toString()).isZero();
        return json.readTree(result.out());
    }

    @Test
    void theHomePortTellsSignedInCallersTheNodesVersionBuildAndStartTime() {
        Instant before = Instant.now();
        GetServiceInfoResponse info = admin().getServiceInfo();

        assertThat(info.getNodeVersion()).isEqualTo(NodeVersion.current().version());
        assertThat(info.getNodeBuild()).isEqualTo(NodeVersion.current().build());
        assertThat(info.getStartedAt().toGregorianCalendar().toInstant()).isBefore(before);
    }

    @Test
    void statusShowsTheNodesVersionBuildAndUptimeSinceItStarted() throws Exception {
        Instant started = admin().getServiceInfo().getStartedAt().toGregorianCalendar().toInstant();

        JsonNode status = jsonOf(sdctl.run("-o", "json", "status"));
        SdctlRun.Result table = sdctl.run("status");

        assertThat(status.get("nodeVersion").asText()).isEqualTo(NodeVersion.current().version());
        assertThat(status.get("nodeBuild").asText()).isEqualTo(NodeVersion.current().build());
        assertThat(Instant.parse(status.get("startedAt").asText())).isEqualTo(started);
        assertThat(status.get("uptimeSeconds").asLong())
                .isBetween(0L, Duration.between(started, Instant.now()).toSeconds() + 1);
        assertThat(table.out()).contains("node version:     " + NodeVersion.current().version()
                + " (built " + NodeVersion.current().build() + ")").contains("(since " + started + ")");
    }

    @Test
    void eventsListThePolicyActivationsNumberedWithTimeAndKind() throws Exception {
        long first = admin().setPolicy("<policy xmlns=\"urn:sd:policy:1\"/>");
        long second = admin().setPolicy("<policy xmlns=\"urn:sd:policy:1\"><settings sessionIdleSeconds=\"900\"/></policy>");

        JsonNode events = jsonOf(sdctl.run("-o", "json", "events"));
        List<JsonNode> activations = new ArrayList<>();
        events.get("events").forEach(e -> {
            if (e.get("kind").asText().equals("POLICY_ACTIVATED")) {
                activations.add(e);
            }
        });

        assertThat(activations).extracting(e -> e.get("message").asText())
                .endsWith("policy version " + first, "policy version " + second);
        JsonNode last = activations.get(activations.size() - 1);
        JsonNode newest = events.get("events").get(events.get("events").size() - 1);
        assertThat(newest.get("sequence").asLong()).isEqualTo(events.get("lastSequence").asLong());
        assertThat(activations.get(activations.size() - 2).get("sequence").asLong()).isLessThan(last.get("sequence").asLong());
        assertThat(Instant.parse(last.get("time").asText())).isBefore(Instant.now().plusSeconds(1));
        assertThat(sdctl.run("events").out()).contains("POLICY_ACTIVATED").contains("policy version " + second);
        assertThat(jsonOf(sdctl.run("-o", "json", "events", "--after", newest.get("sequence").asText())).get("events")).isEmpty();
    }

    @Test
    void followingEventsPrintsTheNewOnesAsTheyComeAndStopsAtTheCountAsked() throws Exception {
        NodeClient admin = admin();
        long lastSeen = jsonOf(sdctl.run("-o", "json", "events")).get("lastSequence").asLong();
        // each policy set is two events: its activation and its line in the audit trail
        CompletableFuture<SdctlRun.Result> follow = CompletableFuture.supplyAsync(() -> sdctl.run("-o", "json", "events",
                "--follow", "--after", Long.toString(lastSeen), "--count", "4", "--interval", "0.1", "--max-seconds", "60"));

        long first = admin.setPolicy("<policy xmlns=\"urn:sd:policy:1\"/>");
        long second = admin.setPolicy("<policy xmlns=\"urn:sd:policy:1\"><settings sessionIdleSeconds=\"900\"/></policy>");
        SdctlRun.Result followed = follow.get(60, TimeUnit.SECONDS);

        assertThat(followed.exitCode()).as(followed.toString()).isZero();
        List<JsonNode> lines = new ArrayList<>();
        for (String line : followed.out().strip().split("\n")) {
            lines.add(json.readTree(line));
        }
        assertThat(lines).filteredOn(e -> e.get("kind").asText().equals("POLICY_ACTIVATED"))
                .extracting(e -> e.get("message").asText()).containsExactly("policy version " + first, "policy version " + second);
        assertThat(lines).extracting(e -> e.get("sequence").asLong())
                .containsExactly(lastSeen + 1, lastSeen + 2, lastSeen + 3, lastSeen + 4);
    }

    @Test
    void followingEventsEndsQuietlyAtItsTimeLimitWhenNothingHappens() throws Exception {
        long lastSeen = jsonOf(sdctl.run("-o", "json", "events")).get("lastSequence").asLong();

        SdctlRun.Result followed = sdctl.run("events", "--follow", "--after", Long.toString(lastSeen), "--interval", "0.2",
                "--max-seconds", "0.5");

        assertThat(followed.exitCode()).as(followed.toString()).isZero();
        assertThat(followed.out()).isEmpty();
    }

    @Test
    void eventsAndTheNodesSessionsAreRefusedToAUserWhoIsNotAnAdministrator() {
        SdctlRun joe = SdctlRun.inTemporaryConfig();
        assertThat(joe.runWithInput("joe-pw-1\n", "--node", node, "--user", "joe", "login").exitCode()).isZero();

        SdctlRun.Result events = joe.run("events");
        SdctlRun.Result sessions = joe.run("sessions");

        assertThat(events.exitCode()).isEqualTo(1);
        assertThat(events.err()).contains("NotAuthorized");
        assertThat(sessions.exitCode()).isEqualTo(1);
        assertThat(sessions.err()).contains("NotAuthorized");
    }

    @Test
    void sessionsListTheNodesOpenSessionsWithOnlyAPrefixOfEachId() throws Exception {
        String joesSession = NodeClient.connect(domain.node().baseUri()).login("joe", "joe-pw-1").sessionId();
        String ownSession = json.readTree(sdctl.configDir().resolve("sessions.json").toFile()).get("sessions").get(0)
                .get("sessionId").asText();

        SdctlRun.Result listed = sdctl.run("-o", "json", "sessions");
        JsonNode sessions = jsonOf(listed);
        SdctlRun.Result table = sdctl.run("sessions");

        assertThat(listed.out()).doesNotContain(joesSession).doesNotContain(ownSession);
        assertThat(table.out()).doesNotContain(joesSession).doesNotContain(ownSession).contains("joe").contains("(this sdctl)");
        JsonNode joe = find(sessions, "joe");
        assertThat(joesSession).startsWith(joe.get("idPrefix").asText());
        assertThat(joe.get("idPrefix").asText()).hasSizeLessThan(joesSession.length() / 2);
        assertThat(joe.get("userLevel").asText()).isEqualTo("customer");
        assertThat(joe.get("own").asBoolean()).isFalse();
        assertThat(Instant.parse(joe.get("createdAt").asText())).isBeforeOrEqualTo(Instant.parse(joe.get("lastUsedAt").asText()));
        JsonNode own = find(sessions, "root");
        assertThat(own.get("own").asBoolean()).isTrue();
        assertThat(ownSession).startsWith(own.get("idPrefix").asText());
        assertThat(jsonOf(sdctl.run("-o", "json", "sessions", "--kept")).get(0).get("state").asText()).isEqualTo("open");
    }

    private static JsonNode find(JsonNode sessions, String user) {
        for (JsonNode s : sessions) {
            if (s.get("user").asText().equals(user) && (!user.equals("root") || s.get("own").asBoolean())) {
                return s;
            }
        }
        throw new AssertionError("no session of " + user + " in " + sessions);
    }

    @Test
    void qosPlanRunsTheWorkedExampleUnderHeavyLoadAtTheNode() throws Exception {
        JsonNode plan = jsonOf(sdctl.run("qos-plan", SAMPLES.resolve("worked-example-heavy.json").toString()));

        JsonNode flows = plan.get("flows");
        assertThat(flows).extracting(f -> f.get("name").asText()).containsExactly("X", "Y", "Z");
        assertThat(flows).extracting(f -> f.get("allocation").asDouble()).containsExactly(300.0, 150.0, 10.0);
        assertThat(flows).extracting(f -> f.get("boundBy").asText()).containsExactly("demand", "B", "E");
    }

    @Test
    void qosPlanRefusesAPlanTheNodeCannotAllocateWithExitOneAndThePlannersOwnLine() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"),
                "{\"nodes\": {\"A\": 500}, \"flows\": [{\"name\": \"X\", \"class\": 1, \"demand\": 1, \"path\": [\"A\", \"Q\"]}]}");
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        QosPlanCommand.run(List.of(bad.toString()), new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String plannersLine = err.toString(StandardCharsets.UTF_8).strip().substring(("qos-plan: " + bad + ": ").length());

        SdctlRun.Result refused = sdctl.run("qos-plan", bad.toString());

        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err().strip()).isEqualTo("sdctl: BadRequest: " + plannersLine);
        assertThat(refused.out()).isEmpty();
    }

    @Test
    void qosPlanOfAFileThatCannotBeReadIsAUsageError() {
        SdctlRun.Result missing = sdctl.run("qos-plan", dir.resolve("missing.json").toString());

        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("cannot read").contains("missing.json");
    }

    @Test
    void theHomePortRefusesAQosPlanFromAnAnonymousCaller() {
        NodeClient anonymous = NodeClient.connect(domain.node().baseUri());

        assertThat(org.assertj.core.api.Assertions.catchThrowableOfType(() -> anonymous.planQos("{}"), NodeClientException.class)
                .code()).isEqualTo("NotAuthorized");
    }
}
