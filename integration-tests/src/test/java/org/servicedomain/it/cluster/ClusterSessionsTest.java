package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetUsers;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Login;
import org.servicedomain.home.v1.LoginResponse;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Users and sessions shared by three real members on an in-process ensemble of three ZooKeeper
 * servers, and new sessions placed at the least-loaded member (docs/cluster.md).
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ClusterSessionsTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(3);

    private RunningNode node1;
    private RunningNode node2;
    private RunningNode node3;
    private ProviderFleet providers;
    /** Callers that wait for hanging requests: one thread each, whatever the machine's core count. */
    private final ExecutorService callers = Executors.newCachedThreadPool();

    @BeforeEach
    void threeMembersOfAFreshCluster() throws HomeFault {
        List<RunningNode> members = ZOOKEEPER.startMembers("sessions", 3);
        node1 = members.get(0);
        node2 = members.get(1);
        node3 = members.get(2);
        providers = ProviderFleet.stockQuotes("quote-a");
        new DomainSetup(node1.home()).provider(providers.named("quote-a"), null);
    }

    @AfterEach
    void stopNodes() {
        callers.shutdownNow();
        providers.all().forEach(p -> p.setFaultMode(FaultMode.NONE));
        providers.close();
    }

    @Test
    void aUserAddedAtNode1LogsInAtNode2WithTheLevelSetAtNode1() throws HomeFault {
        new DomainSetup(node1.home()).user("joe", "joe-pw", "gold");

        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20)).until(() ->
                node2.home().getUsers(new GetUsers()).getUser().stream().anyMatch(u -> u.getName().equals("joe")));
        LoginResponse login = login(node2, "joe", "joe-pw");

        assertThat(login.getUserLevel()).isEqualTo("gold");
        assertThat(login.getSessionId()).matches("node-[0-9a-f]{8}:[A-Za-z0-9_-]{43}");
    }

    @Test
    void aSessionOpenedAtNode1IsServedAtNode3AndALogoutAtNode3EndsItAtNode1() throws HomeFault {
        new DomainSetup(node1.home()).user("joe", "joe-pw", "gold");
        String session = new DomainSetup(node1.home()).login("joe", "joe-pw");
        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node3.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);

        SoapReply atNode3 = StockQuoteCalls.getQuote(node3.virtualPortAddress("StockQuotePortType"), "ACME", session);
        assertThat(atNode3.status()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(atNode3)).isEqualTo("quote-a");
        assertThat(StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME", session).status())
                .isEqualTo(200);

        Logout logout = new Logout();
        logout.setSessionId(session);
        node3.home().logout(logout);

        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20)).until(() ->
                StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME", session)
                        .text().contains("unknown or expired session"));
        assertThat(StockQuoteCalls.getQuote(node2.virtualPortAddress("StockQuotePortType"), "ACME", session).status())
                .isNotEqualTo(200);
    }

    @Test
    void withNode1SaturatedItsNewSessionsAreOpenedAtTheOthersAndNameTheMemberThatOpenedThem() throws Exception {
        new DomainSetup(node1.home()).user("joe", "joe-pw", "gold");
        new DomainSetup(node1.home()).policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <recovery retries="0" timeoutMs="60000"/>
                  </defaults>
                  <peers capacity="2" placementMargin="0.25">
                    <peer address="http://127.0.0.1:9/sd/services/home"/>
                  </peers>
                </policy>
                """);
        String heldSession = login(node1, "joe", "joe-pw").getSessionId();
        String node1Member = member(heldSession);
        String node2Member = member(login(node2, "joe", "joe-pw").getSessionId());
        String node3Member = member(login(node3, "joe", "joe-pw").getSessionId());
        assertThat(Set.of(node1Member, node2Member, node3Member)).hasSize(3);
        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);

        SampleProvider slow = providers.named("quote-a");
        List<CompletableFuture<SoapReply>> held = saturate(node1, heldSession, slow);

        List<String> placed = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            placed.add(login(node1, "joe", "joe-pw").getSessionId());
        }
        String atNode2 = member(login(node2, "joe", "joe-pw").getSessionId());

        slow.setFaultMode(FaultMode.NONE);
        for (CompletableFuture<SoapReply> request : held) {
            assertThat(request.get(30, TimeUnit.SECONDS).status()).isEqualTo(200);
        }
        assertThat(placed).as("opened at the members less loaded than node 1, each naming itself")
                .allMatch(id -> member(id).equals(node2Member) || member(id).equals(node3Member));
        for (String session : placed) {
            assertThat(StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME", session).status())
                    .as("a placed session is served at the member that received the login").isEqualTo(200);
        }
        assertThat(atNode2).as("node 2 is not busier than the others: its logins stay").isEqualTo(node2Member);
        await().atMost(Duration.ofSeconds(5)).until(() -> node1.loadReport().loadIndex() == 0.0);
        assertThat(member(login(node1, "joe", "joe-pw").getSessionId())).as("no longer saturated").isEqualTo(node1Member);
    }

    @Test
    void withNode1SaturatedItsNewRequestsWithoutASessionAreServedByTheLessLoadedMembers() throws Exception {
        new DomainSetup(node1.home()).user("joe", "joe-pw", "gold");
        new DomainSetup(node1.home()).policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <recovery retries="0" timeoutMs="60000"/>
                  </defaults>
                  <peers capacity="2" placementMargin="0.25" refreshMs="100"/>
                </policy>
                """);
        String session = login(node1, "joe", "joe-pw").getSessionId();
        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);
        await().atMost(Duration.ofSeconds(5)).until(() -> node1.loadReport().peers().stream()
                .filter(peer -> peer.loadIndex() != null && peer.ageMs() != null && peer.ageMs() < 300).count() == 2);
        SampleProvider slow = providers.named("quote-a");
        List<CompletableFuture<SoapReply>> held = saturate(node1, session, slow);

        List<CompletableFuture<SoapReply>> placed = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            placed.add(CompletableFuture.supplyAsync(() ->
                    StockQuoteCalls.getQuote(node1.virtualPortAddress("StockQuotePortType"), "ACME"), callers));
        }

        await().atMost(Duration.ofSeconds(5)).untilAsserted(() ->
                assertThat(node2.loadReport().inFlight() + node3.loadReport().inFlight())
                        .as("node 1's new requests without a session, placed at the other members").isEqualTo(2));
        slow.setFaultMode(FaultMode.NONE);
        for (CompletableFuture<SoapReply> request : held) {
            assertThat(request.get(30, TimeUnit.SECONDS).status()).isEqualTo(200);
        }
        for (CompletableFuture<SoapReply> request : placed) {
            assertThat(StockQuoteCalls.servedBy(request.get(30, TimeUnit.SECONDS))).isEqualTo("quote-a");
        }
    }

    /**
     * Makes {@code node} saturated (capacity 2 in the test's policy): two requests in {@code session}, which
     * stay on the node, held by {@code provider} hanging; returns them, answered once it stops hanging.
     */
    private List<CompletableFuture<SoapReply>> saturate(RunningNode node, String session, SampleProvider provider) {
        provider.setFaultMode(FaultMode.HANG);
        List<CompletableFuture<SoapReply>> held = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            held.add(CompletableFuture.supplyAsync(() ->
                    StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME", session), callers));
        }
        await().atMost(Duration.ofSeconds(5)).until(() -> node.loadReport().loadIndex() >= 1.0);
        return held;
    }

    private static LoginResponse login(RunningNode node, String user, String password) throws HomeFault {
        Login request = new Login();
        request.setUser(user);
        request.setPassword(password);
        return node.home().login(request);
    }

    /** The member that opened the session {@code sessionId}. */
    private static String member(String sessionId) {
        return sessionId.substring(0, sessionId.indexOf(':'));
    }
}
