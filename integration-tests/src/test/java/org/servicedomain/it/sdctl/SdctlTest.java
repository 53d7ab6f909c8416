package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * sdctl end to end against a real node with real sample providers: every command, in tables and in
 * JSON, with the exit codes scripts rely on (0 done, 1 refused by the node, 2 usage).
 */
class SdctlTest {

    private static final String PORT = "StockQuotePortType";
    private static final String ADMIN_PASSWORD = "root-pw-1";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    @TempDir
    Path configHome;

    private final ObjectMapper json = new ObjectMapper();
    private SdctlRun sdctl;
    private String node;
    private List<Registration> registered;

    @BeforeEach
    void nodeWithTwoProvidersAnAdministratorAndALoggedInSdctl() throws Exception {
        registered = domain.registerAll();
        NodeClient open = NodeClient.connect(domain.node().baseUri());
        open.setUser(new NodeClient.UserEntry("joe", "joe-pw-1", "customer", List.of(), List.of("user")));
        open.setUser(new NodeClient.UserEntry("root", ADMIN_PASSWORD, "staff", List.of(), List.of("administrator")));
        node = domain.node().baseUri().toString();
        sdctl = new SdctlRun(configHome);
        SdctlRun.Result login = sdctl.runWithInput(ADMIN_PASSWORD + "\n", "--node", node, "--user", "root", "login");
        assertThat(login.exitCode()).as(login.toString()).isZero();
    }

    private NodeClient admin() {
        return NodeClient.connect(domain.node().baseUri()).withSession(
                NodeClient.connect(domain.node().baseUri()).login("root", ADMIN_PASSWORD).sessionId());
    }

    private JsonNode jsonOf(SdctlRun.Result result) throws Exception {
        assertThat(result.exitCode()).as(result.toString()).isZero();
        return json.readTree(result.out());
    }

    @Test
    void loginKeepsTheSessionInAnOwnerOnlyFileThatLaterCommandsUseWithoutNamingTheNode() throws Exception {
        Path file = sdctl.configDir().resolve("sessions.json");

        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(Files.readString(file)).contains(node).contains("root");
        JsonNode sessions = jsonOf(sdctl.run("-o", "json", "sessions", "--kept"));
        assertThat(sessions).hasSize(1);
        assertThat(sessions.get(0).get("user").asText()).isEqualTo("root");
        assertThat(sessions.get(0).get("state").asText()).isEqualTo("open");
        assertThat(jsonOf(sdctl.run("users", "list", "-o", "json")).findValuesAsText("name")).contains("joe", "root");
        assertThat(sdctl.run("sessions", "--kept").out()).contains("root").contains("open");
    }

    @Test
    void theNodeComesFromTheEnvironmentWhenNoOptionNamesIt() throws Exception {
        SdctlRun fresh = SdctlRun.inTemporaryConfig().withEnv("SDCTL_NODE", node);

        SdctlRun.Result login = fresh.runWithInput(ADMIN_PASSWORD + "\n", "login", "--user", "root");

        assertThat(login.exitCode()).as(login.toString()).isZero();
        assertThat(jsonOf(fresh.run("status", "-o", "json")).get("node").asText()).isEqualTo(node);
    }

    @Test
    void statusShowsThePolicyVersionPortsInstancesByStateAndRequestRate() throws Exception {
        long version = admin().setPolicy("<policy xmlns=\"urn:sd:policy:1\"/>");
        admin().setServiceInfo(registered.get(1).getInstanceId(), InstanceState.STANDBY, null, null);
        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME").status()).isEqualTo(200);
        }

        JsonNode status = jsonOf(sdctl.run("-o", "json", "status"));
        SdctlRun.Result table = sdctl.run("status");

        assertThat(status.get("policyVersion").asLong()).isEqualTo(version);
        assertThat(status.get("instancesByState").get("operational").asLong()).isEqualTo(1);
        assertThat(status.get("instancesByState").get("standby").asLong()).isEqualTo(1);
        assertThat(status.get("ports").findValuesAsText("name")).containsExactly(PORT);
        assertThat(status.get("requestsPerSecond").asDouble()).isPositive();
        assertThat(status.get("uptimeSeconds").isNumber()).isTrue();
        assertThat(status.get("nodeVersion").asText()).isNotBlank();
        assertThat(table.exitCode()).isZero();
        assertThat(table.out()).contains("policy version:   " + version).contains(PORT).contains("1 operational, 1 standby");
    }

    @Test
    void statusStatsAndInstancesShowEveryInstanceByItsNameWithItsAddressBeside() throws Exception {
        URI quoteA = domain.provider("quote-a").address();
        String idA = registered.get(0).getInstanceId();

        JsonNode status = jsonOf(sdctl.run("-o", "json", "status"));
        SdctlRun.Result table = sdctl.run("status");
        SdctlRun.Result stats = sdctl.run("stats");
        SdctlRun.Result instances = sdctl.run("instances");

        assertThat(status.get("instances").findValuesAsText("name")).containsExactlyInAnyOrder("quote-a", "quote-b");
        assertThat(table.out()).containsPattern("(?m)^quote-a +" + PORT + " +operational +"
                + Pattern.quote(quoteA.getHost() + ":" + quoteA.getPort()) + " +" + Pattern.quote(idA) + "$");
        assertThat(stats.out()).containsPattern("(?m)^instance +quote-a +" + PORT + " .* " + Pattern.quote(idA) + "$");
        assertThat(instances.out()).containsPattern("(?m)^quote-a +" + Pattern.quote(idA) + " +" + PORT);
    }

    @Test
    void instancesAreListedRegisteredSetDownAndUnregistered() throws Exception {
        List<String> ids = new ArrayList<>();
        jsonOf(sdctl.run("-o", "json", "instances")).forEach(i -> ids.add(i.get("instanceId").asText()));
        assertThat(ids).containsExactlyInAnyOrderElementsOf(registered.stream().map(Registration::getInstanceId).toList());
        String first = registered.get(0).getInstanceId();

        SdctlRun.Result down = sdctl.run("instances", "set-state", first, "down");
        assertThat(down.exitCode()).as(down.toString()).isZero();
        assertThat(state(first)).isEqualTo(InstanceState.DOWN);
        assertThat(sdctl.run("instances").out()).contains(first).contains("down");

        SdctlRun.Result unregistered = sdctl.run("instances", "unregister", first);
        assertThat(unregistered.exitCode()).as(unregistered.toString()).isZero();
        assertThat(admin().getServiceInfo().getInstance()).extracting(InstanceInfo::getInstanceId).doesNotContain(first);

        JsonNode filed = jsonOf(sdctl.run("-o", "json", "instances", "register",
                domain.provider("quote-a").wsdlAddress().toString(), "--level", "Gold", "--attribute", "region=eu"));
        String again = filed.get(0).get("instanceId").asText();
        InstanceInfo info = admin().getServiceInfo().getInstance().stream()
                .filter(i -> i.getInstanceId().equals(again)).findFirst().orElseThrow();
        assertThat(info.getSupplierLevel()).containsExactly("Gold");
        assertThat(info.getAttribute()).anyMatch(a -> a.getName().equals("region") && a.getValue().equals("eu"));
    }

    private InstanceState state(String id) {
        return admin().getServiceInfo().getInstance().stream().filter(i -> i.getInstanceId().equals(id)).findFirst()
                .orElseThrow().getState();
    }

    @Test
    void policiesAreSetValidatedComparedAndRolledBack() throws Exception {
        Path v1 = policyFile("one.xml", "<policy xmlns=\"urn:sd:policy:1\">\n<defaults><selection directive=\"round-robin\"/></defaults>\n</policy>\n");
        Path v2 = policyFile("two.xml", "<policy xmlns=\"urn:sd:policy:1\">\n<defaults><selection directive=\"random\"/></defaults>\n</policy>\n");

        JsonNode first = jsonOf(sdctl.run("-o", "json", "policy", "set", v1.toString()));
        JsonNode second = jsonOf(sdctl.run("-o", "json", "policy", "set", v2.toString()));
        assertThat(second.get("version").asLong()).isEqualTo(first.get("version").asLong() + 1);
        assertThat(sdctl.run("policy", "get").out()).isEqualTo(Files.readString(v2));
        assertThat(sdctl.run("policy", "get", first.get("version").asText()).out()).isEqualTo(Files.readString(v1));
        assertThat(jsonOf(sdctl.run("-o", "json", "policy", "validate", v1.toString())).get("version").asLong())
                .isEqualTo(second.get("version").asLong() + 1);

        SdctlRun.Result diff = sdctl.run("policy", "diff", first.get("version").asText(), second.get("version").asText());
        assertThat(diff.exitCode()).isZero();
        assertThat(diff.out()).contains("-<defaults><selection directive=\"round-robin\"/></defaults>")
                .contains("+<defaults><selection directive=\"random\"/></defaults>")
                .contains(" <policy xmlns=\"urn:sd:policy:1\">");

        JsonNode rolledBack = jsonOf(sdctl.run("-o", "json", "policy", "rollback", first.get("version").asText()));
        assertThat(rolledBack.get("version").asLong()).isEqualTo(second.get("version").asLong() + 1);
        assertThat(admin().getPolicy().document()).isEqualTo(Files.readString(v1));
    }

    @Test
    void anInvalidPolicyIsRefusedWithExitOneAndTheNodesFaultCode() throws Exception {
        Path bad = policyFile("bad.xml", "<policy xmlns=\"urn:sd:policy:1\"><nonsense/></policy>");
        long before = admin().getPolicy().version();

        SdctlRun.Result validate = sdctl.run("policy", "validate", bad.toString());
        SdctlRun.Result set = sdctl.run("policy", "set", bad.toString());

        assertThat(validate.exitCode()).isEqualTo(1);
        assertThat(validate.err()).contains("InvalidPolicy");
        assertThat(set.exitCode()).isEqualTo(1);
        assertThat(set.err()).contains("InvalidPolicy");
        assertThat(admin().getPolicy().version()).isEqualTo(before);
    }

    @Test
    void usersAreCreatedGivenNewPasswordsAndRemoved() throws Exception {
        SdctlRun.Result set = sdctl.runWithInput("ann-pw-1\n", "users", "set", "ann", "--level", "gold", "--role", "user",
                "--designated", "quote-a", "--password");
        assertThat(set.exitCode()).as(set.toString()).isZero();
        NodeClient.SignedIn ann = NodeClient.connect(domain.node().baseUri()).login("ann", "ann-pw-1");
        assertThat(ann.userLevel()).isEqualTo("gold");

        SdctlRun.Result passwd = sdctl.runWithInput("ann-pw-2\n", "users", "passwd", "ann");
        assertThat(passwd.exitCode()).as(passwd.toString()).isZero();
        assertThat(NodeClient.connect(domain.node().baseUri()).login("ann", "ann-pw-2").userLevel()).isEqualTo("gold");
        NodeClientException oldPassword = org.junit.jupiter.api.Assertions.assertThrows(NodeClientException.class,
                () -> NodeClient.connect(domain.node().baseUri()).login("ann", "ann-pw-1"));
        assertThat(oldPassword.code()).isEqualTo("NotAuthorized");
        JsonNode listed = jsonOf(sdctl.run("-o", "json", "users", "list"));
        JsonNode annRow = null;
        for (JsonNode u : listed) {
            if (u.get("name").asText().equals("ann")) {
                annRow = u;
            }
        }
        assertThat(annRow).isNotNull();
        assertThat(annRow.get("designated").get(0).asText()).isEqualTo("quote-a");

        JsonNode removed = jsonOf(sdctl.run("-o", "json", "users", "remove", "ann"));
        assertThat(removed.get("removed").asBoolean()).isTrue();
        assertThat(admin().users()).noneMatch(u -> u.getName().equals("ann"));
    }

    @Test
    void aUserWhoIsNotAnAdministratorIsRefusedWithExitOneAndNotAuthorized() {
        SdctlRun joe = SdctlRun.inTemporaryConfig();
        assertThat(joe.runWithInput("joe-pw-1\n", "--node", node, "--user", "joe", "login").exitCode()).isZero();

        SdctlRun.Result refused = joe.run("users", "list");

        assertThat(refused.exitCode()).isEqualTo(1);
        assertThat(refused.err()).contains("NotAuthorized");
    }

    @Test
    void usageErrorsExitWithTwo() {
        assertThat(sdctl.run("no-such-command").exitCode()).isEqualTo(2);
        assertThat(sdctl.run("instances", "set-state", "x", "sideways").exitCode()).isEqualTo(2);
        assertThat(sdctl.run("policy", "diff", "1").exitCode()).isEqualTo(2);
        assertThat(sdctl.run("policy").exitCode()).isEqualTo(2);
        assertThat(sdctl.run("policy", "set", configHome.resolve("missing.xml").toString()).exitCode()).isEqualTo(2);
        assertThat(SdctlRun.inTemporaryConfig().run("status").exitCode()).isEqualTo(2);
        assertThat(sdctl.run("--node", "not a url", "status").exitCode()).isEqualTo(2);
    }

    @Test
    void anUnreachableNodeExitsWithOneAndSaysSo() {
        SdctlRun.Result result = sdctl.run("--node", "http://127.0.0.1:1/sd", "status");

        assertThat(result.exitCode()).isEqualTo(1);
        assertThat(result.err()).contains("Unreachable");
    }

    @Test
    void everyCommandAnswersHelp() {
        for (List<String> command : List.of(List.<String>of(), List.of("login"), List.of("logout"), List.of("status"),
                List.of("instances"), List.of("instances", "register"), List.of("instances", "unregister"),
                List.of("instances", "set-state"), List.of("ports"), List.of("ports", "remove"), List.of("policy"), List.of("policy", "get"), List.of("policy", "set"),
                List.of("policy", "validate"), List.of("policy", "diff"), List.of("policy", "rollback"),
                List.of("policy", "impact"), List.of("users"), List.of("users", "list"), List.of("users", "set"),
                List.of("users", "remove"), List.of("users", "passwd"), List.of("sessions"), List.of("topology"),
                List.of("stats"), List.of("events"), List.of("qos-plan"), List.of("completion"))) {
            List<String> args = new ArrayList<>(command);
            args.add("--help");
            SdctlRun.Result help = sdctl.run(args.toArray(String[]::new));
            assertThat(help.exitCode()).as(String.join(" ", args)).isZero();
            assertThat(help.out()).as(String.join(" ", args)).contains("Usage: sdctl " + String.join(" ", command));
        }
    }

    @Test
    void versionAndCompletionScriptArePrinted() {
        SdctlRun.Result version = sdctl.run("--version");
        SdctlRun.Result completion = sdctl.run("completion");

        assertThat(version.exitCode()).isZero();
        assertThat(version.out()).startsWith("sdctl ").doesNotContain("unknown");
        assertThat(completion.exitCode()).isZero();
        assertThat(completion.out()).contains("complete -F").contains("set-state").contains("impact");
    }

    @Test
    void topologyShowsTheNodeAndStatsAreRefreshedTheCountAskedFor() throws Exception {
        for (int i = 0; i < 4; i++) {
            assertThat(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME").status()).isEqualTo(200);
        }

        JsonNode topology = jsonOf(sdctl.run("-o", "json", "topology"));
        SdctlRun.Result watched = sdctl.run("-o", "json", "stats", "--watch", "--count", "2", "--interval", "0.05");
        SdctlRun.Result table = sdctl.run("stats");

        assertThat(topology.get("state").asText()).isEqualTo("reachable");
        assertThat(topology.get("instances").asInt()).isEqualTo(2);
        assertThat(topology.get("children")).isEmpty();
        assertThat(watched.exitCode()).as(watched.toString()).isZero();
        List<String> refreshes = watched.out().lines().toList();
        assertThat(refreshes).hasSize(2);
        for (String refresh : refreshes) {
            JsonNode port = null;
            for (JsonNode row : json.readTree(refresh).get("rows")) {
                if (row.get("kind").asText().equals("port")) {
                    port = row;
                }
            }
            assertThat(port).isNotNull();
            assertThat(port.get("requests").asLong()).isEqualTo(4);
        }
        assertThat(table.out()).contains("port").contains("instance").contains(PORT);
    }

    @Test
    void logoutEndsTheSessionOnTheNodeAndForgetsIt() throws Exception {
        String sessionId = json.readTree(sdctl.configDir().resolve("sessions.json").toFile()).get("sessions").get(0)
                .get("sessionId").asText();

        SdctlRun.Result logout = sdctl.run("logout");

        assertThat(logout.exitCode()).as(logout.toString()).isZero();
        assertThat(jsonOf(sdctl.run("-o", "json", "sessions", "--kept"))).isEmpty();
        NodeClientException ended = org.junit.jupiter.api.Assertions.assertThrows(NodeClientException.class,
                () -> NodeClient.connect(domain.node().baseUri()).withSession(sessionId).users());
        assertThat(ended.code()).isEqualTo("NotAuthorized");
    }

    private Path policyFile(String name, String text) throws Exception {
        return Files.writeString(configHome.resolve(name), text);
    }
}
