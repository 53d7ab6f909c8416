package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.Logout;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The {@code fixed} directive belongs to the user: a user stays on the instance first chosen for them
 * across logouts, logins and node restarts, and moves (for good) only when that instance fails.
 */
class FixedDirectiveScenarioTest {

    private static final String FIXED = """
            <policy xmlns="urn:sd:policy:1">
              <defaults>
                <selection directive="fixed"/>
                <recovery retries="2" timeoutMs="5000"/>
                <health ejectAfterFailures="1000"/>
              </defaults>
            </policy>
            """;
    private static final List<String> USERS = List.of("ann", "bob", "cy");

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b", "quote-c")
            .configured(config -> config.statusSaveInterval(Duration.ofMillis(200)));

    @BeforeEach
    void threeProvidersThreeUsersAndTheFixedDirective() throws Exception {
        domain.registerAll();
        for (String user : USERS) {
            domain.setup().user(user, user + "-pw", "customer");
        }
        domain.setup().policy(FIXED);
    }

    @Test
    void keepsEachUserOnTheInstanceFirstChosenForThemAcrossLogoutLoginAndANodeRestart() throws Exception {
        Map<String, String> first = new LinkedHashMap<>();
        for (String user : USERS) {
            String session = login(user);
            first.put(user, servedBy(session));
            for (int i = 0; i < 3; i++) {
                assertThat(servedBy(session)).isEqualTo(first.get(user));
            }
            logout(session);
        }
        assertThat(new HashSet<>(first.values())).as("first choices spread over the instances")
                .containsExactlyInAnyOrder("quote-a", "quote-b", "quote-c");

        for (String user : USERS) {
            assertThat(servedBy(login(user))).as(user + " in a new session").isEqualTo(first.get(user));
        }

        domain.node().restart();

        for (String user : List.of("cy", "bob", "ann")) { // a node that forgot would hand out quote-a, quote-b, quote-c in this order
            assertThat(servedBy(login(user))).as(user + " after the restart").isEqualTo(first.get(user));
        }
        assertThat(Path.of(domain.node().config().dataDir().toString(), "status", "fixed-choices.json")).exists();
    }

    @Test
    void movesAUserWhoseInstanceFailsAndTheNewChoiceSticksEvenWhenTheOldOneIsBackAndAfterARestart() throws Exception {
        String session = login("ann");
        String fixed = servedBy(session);

        domain.provider(fixed).stop();
        String moved = servedBy(session);
        assertThat(moved).as("failover served ann elsewhere").isNotEqualTo(fixed);
        domain.provider(fixed).restart();
        for (int i = 0; i < 4; i++) {
            assertThat(servedBy(session)).as("ann stays where she moved although " + fixed + " is back").isEqualTo(moved);
        }

        logout(session);
        domain.node().restart();

        String afterRestart = login("ann");
        for (int i = 0; i < 3; i++) {
            assertThat(servedBy(afterRestart)).isEqualTo(moved);
        }
    }

    @Test
    void savesTheChoicesAtTheIntervalWhileTheNodeRuns() throws Exception {
        String fixed = servedBy(login("ann"));
        Path file = domain.node().config().dataDir().resolve("status").resolve("fixed-choices.json");

        String instance = instanceIdOf(fixed);
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> {
            assertThat(file).exists();
            assertThat(Files.readString(file)).contains("\"user\":\"ann\"").contains("\"instances\":[\"" + instance + "\"]");
        });
    }

    @Test
    void anonymousCallersAreNotPinnedAndTakeTurns() {
        Set<String> served = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            served.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME")));
        }

        assertThat(served).containsExactlyInAnyOrder("quote-a", "quote-b", "quote-c");
    }

    private String instanceIdOf(String provider) throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .filter(i -> i.getEndpointAddress().equals(domain.provider(provider).address().toString()))
                .findFirst().orElseThrow().getInstanceId();
    }

    private String login(String user) throws Exception {
        return domain.setup().login(user, user + "-pw");
    }

    private void logout(String session) throws Exception {
        Logout logout = new Logout();
        logout.setSessionId(session);
        domain.node().home().logout(logout);
    }

    private String servedBy(String session) {
        return StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME", session));
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
