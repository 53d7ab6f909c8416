package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.PolicyRefusal;
import org.servicedomain.home.v1.PreviewPolicyResponse;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SdctlRun;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The policy impact preview replays the traffic the node metered against a candidate policy: it names
 * the requests the candidate would refuse and why, the user levels a port could no longer serve and the
 * instances no rule reaches, and it activates nothing.
 */
class PolicyImpactTest {

    private static final String PORT = "StockQuotePortType";
    private static final String LEVELS = "<serviceLevels><userLevel name=\"customer\"/><userLevel name=\"gold\"/>"
            + "<supplierLevel name=\"Silver\"/><supplierLevel name=\"Bronze\"/><supplierLevel name=\"Platinum\"/></serviceLevels>";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("silver-quotes", "bronze-quotes");

    @TempDir
    Path dir;

    private NodeClient admin;
    private Registration bronze;
    private final ObjectMapper json = new ObjectMapper();

    @BeforeEach
    void trafficOfACustomerAGoldUserAndAnonymousCallers() throws Exception {
        domain.setup().provider(domain.provider("silver-quotes"), "Silver");
        bronze = domain.setup().provider(domain.provider("bronze-quotes"), "Bronze");
        NodeClient open = NodeClient.connect(domain.node().baseUri());
        open.setUser(new NodeClient.UserEntry("joe", "joe-pw-1", "customer", List.of(), List.of("user")));
        open.setUser(new NodeClient.UserEntry("ann", "ann-pw-1", "gold", List.of(), List.of("user")));
        open.setUser(new NodeClient.UserEntry("root", "root-pw-1", "staff", List.of(), List.of("administrator")));
        admin = open.withSession(open.login("root", "root-pw-1").sessionId());
        String joe = open.login("joe", "joe-pw-1").sessionId();
        String ann = open.login("ann", "ann-pw-1").sessionId();
        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME", joe).status()).isEqualTo(200);
        }
        for (int i = 0; i < 2; i++) {
            assertThat(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME", ann).status()).isEqualTo(200);
            assertThat(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME").status()).isEqualTo(200);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> MeteredRecords.count(domain.dataDir()) == 7);
    }

    @Test
    void aPolicyGrantingThePortToGoldUsersOnlyWouldRefuseTheCustomersAndAnonymousRequestsItReplays() {
        long active = admin.getPolicy().version();
        String goldOnly = "<policy xmlns=\"urn:sd:policy:1\">" + LEVELS
                + "<package name=\"premium\" userLevels=\"gold\"><grant virtualPort=\"" + PORT + "\"/></package></policy>";

        PreviewPolicyResponse impact = admin.previewPolicy(goldOnly, null);

        assertThat(impact.getReplayed()).isEqualTo(7);
        assertThat(impact.getPeriodSeconds()).isEqualTo(3600);
        PolicyRefusal joe = refusalOf(impact, "joe");
        assertThat(joe.getRequests()).isEqualTo(3);
        assertThat(joe.getCode()).isEqualTo("NotAuthorized");
        assertThat(joe.getReason()).contains("customer").contains(PORT);
        assertThat(joe.isRefusedNow()).isFalse();
        PolicyRefusal anonymous = refusalOf(impact, "(anonymous)");
        assertThat(anonymous.getRequests()).isEqualTo(2);
        assertThat(anonymous.getCode()).isEqualTo("NotAuthorized");
        assertThat(impact.getRefusal()).noneMatch(r -> r.getUser().equals("ann"));
        assertThat(admin.getPolicy().version()).as("nothing is activated").isEqualTo(active);
    }

    @Test
    void aRuleSendingCustomersToALevelWithoutInstancesLeavesThemUnservedAndAnInstanceOutsideEveryRuleUnreachable() {
        String candidate = "<policy xmlns=\"urn:sd:policy:1\">" + LEVELS + "<virtualPort name=\"" + PORT + "\">"
                + "<rule userLevel=\"customer\" supplierLevel=\"Platinum\" directive=\"round-robin\"/>"
                + "<rule supplierLevel=\"Silver\" directive=\"round-robin\"/></virtualPort></policy>";

        PreviewPolicyResponse impact = admin.previewPolicy(candidate, 600L);

        PolicyRefusal joe = refusalOf(impact, "joe");
        assertThat(joe.getCode()).isEqualTo("NoInstanceAvailable");
        assertThat(joe.getReason()).contains("Platinum");
        assertThat(joe.getRequests()).isEqualTo(3);
        assertThat(impact.getRefusal()).noneMatch(r -> r.getUser().equals("ann") || r.getUser().equals("(anonymous)"));
        assertThat(impact.getUnservedLevel()).anySatisfy(u -> {
            assertThat(u.getVirtualPort()).isEqualTo(PORT);
            assertThat(u.getUserLevel()).isEqualTo("customer");
            assertThat(u.getOperation()).contains("getQuote");
        });
        assertThat(impact.getUnservedLevel()).noneMatch(u -> "gold".equals(u.getUserLevel()) || u.getUserLevel() == null);
        assertThat(impact.getUnreachableInstance()).singleElement()
                .satisfies(i -> {
                    assertThat(i.getInstanceId()).isEqualTo(bronze.getInstanceId());
                    assertThat(i.getName()).isEqualTo("bronze-quotes");
                });
    }

    @Test
    void sdctlPrintsTheImpactAsATableAndAsJson() throws Exception {
        Path goldOnly = Files.writeString(dir.resolve("gold-only.xml"), "<policy xmlns=\"urn:sd:policy:1\">" + LEVELS
                + "<package name=\"premium\" userLevels=\"gold\"><grant virtualPort=\"" + PORT + "\"/></package></policy>");
        SdctlRun sdctl = new SdctlRun(dir.resolve("config"));
        assertThat(sdctl.runWithInput("root-pw-1\n", "--node", domain.node().baseUri().toString(), "--user", "root", "login")
                .exitCode()).isZero();

        SdctlRun.Result asJson = sdctl.run("-o", "json", "policy", "impact", goldOnly.toString());
        SdctlRun.Result asTable = sdctl.run("policy", "impact", goldOnly.toString());

        assertThat(asJson.exitCode()).as(asJson.toString()).isZero();
        JsonNode impact = json.readTree(asJson.out());
        assertThat(impact.get("replayed").asLong()).isEqualTo(7);
        assertThat(impact.get("newlyRefusedRequests").asLong()).isEqualTo(5);
        List<String> refusedUsers = new ArrayList<>();
        impact.get("refusals").forEach(r -> refusedUsers.add(r.get("user").asText() + ":" + r.get("code").asText()));
        assertThat(refusedUsers).containsExactlyInAnyOrder("joe:NotAuthorized", "(anonymous):NotAuthorized");
        assertThat(asTable.exitCode()).isZero();
        assertThat(asTable.out()).contains("replayed 7 requests").contains("joe").contains("NotAuthorized");
    }

    @Test
    void previewIsForAdministratorsAndRefusesAnInvalidCandidate() {
        NodeClient joe = NodeClient.connect(domain.node().baseUri());
        joe = joe.withSession(joe.login("joe", "joe-pw-1").sessionId());
        NodeClient asJoe = joe;

        NodeClientException notAdmin = org.junit.jupiter.api.Assertions.assertThrows(NodeClientException.class,
                () -> asJoe.previewPolicy("<policy xmlns=\"urn:sd:policy:1\"/>", null));
        NodeClientException invalid = org.junit.jupiter.api.Assertions.assertThrows(NodeClientException.class,
                () -> admin.previewPolicy("<policy xmlns=\"urn:sd:policy:1\"><nonsense/></policy>", null));
        NodeClientException badPeriod = org.junit.jupiter.api.Assertions.assertThrows(NodeClientException.class,
                () -> admin.previewPolicy("<policy xmlns=\"urn:sd:policy:1\"/>", 0L));

        assertThat(notAdmin.code()).isEqualTo("NotAuthorized");
        assertThat(invalid.code()).isEqualTo("InvalidPolicy");
        assertThat(badPeriod.code()).isEqualTo("BadRequest");
    }

    private static PolicyRefusal refusalOf(PreviewPolicyResponse impact, String user) {
        return impact.getRefusal().stream().filter(r -> r.getUser().equals(user)).findFirst()
                .orElseThrow(() -> new AssertionError("no refusal of " + user));
    }
}
