package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.HaproxyFront;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Designated routing behind any load balancer (issue 30, item 1; docs/cluster.md, "Designated routing"):
 * users' {@code fixed} choices and sessions' transaction history live in ZooKeeper, so each user reaches
 * the same instance through every member, whichever member HAProxy picks, and across a rolling restart
 * of all the members. Three real
 * ZooKeeper servers, three members, two sample providers, a real HAProxy; the instance that served is
 * read from the provider's answer.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class DesignatedRoutingBehindHaproxyTest {

    private static final String PORT = "StockQuotePortType";
    /**
     * Users, each with a session and a designated instance: the target, 100. Each costs a PBKDF2
     * hash at setUser and another at login (210,000 rounds each), about 0.5 s on two busy cores, so the
     * class takes 50 s on a quiet machine and about two minutes beside other builds;
     * {@code -Dsd.it.designatedUsers=N} runs fewer while working on it.
     */
    private static final int USERS = Integer.getInteger("sd.it.designatedUsers", 100);
    private static final String FIXED = """
            <policy xmlns="urn:sd:policy:1">
              <defaults>
                <selection directive="fixed"/>
              </defaults>
            </policy>
            """;
    private static final String HISTORY = """
            <policy xmlns="urn:sd:policy:1">
              <defaults>
                <selection directive="transaction-history"/>
              </defaults>
            </policy>
            """;
    /** As in ClusterJoinLeaveTest: HAProxy takes a draining member out within about half a second of its 3 s delay. */
    private static final HaproxyFront.Checks CHECKS = new HaproxyFront.Checks(Duration.ofMillis(200), 2, 2);
    private static final DrainConfig DRAIN = new DrainConfig(Duration.ofSeconds(3), Duration.ofSeconds(20));
    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(3).membersForTheClass();

    /** One cluster for the class: logging the users in (PBKDF2 at each) is the costly part of the set-up. */
    private static List<RunningNode> members;
    private static ProviderFleet providers;
    /** Each user's session, opened at whichever member placement chose. */
    private static final Map<String, String> sessions = new ConcurrentHashMap<>();
    private HaproxyFront haproxy;

    @BeforeAll
    static void threeMembersTwoProvidersAndLoggedInUsers() throws Exception {
        members = new ArrayList<>(ZOOKEEPER.startMembers("designated", 3, member -> member.drain(DRAIN)));
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        DomainSetup setup = new DomainSetup(members.get(0).home());
        setup.provider(providers.named("quote-a"), null);
        setup.provider(providers.named("quote-b"), null);
        ExecutorService pool = Executors.newFixedThreadPool(members.size());
        try {
            List<Future<?>> done = new ArrayList<>();
            for (RunningNode member : members) {
                int slice = done.size();
                done.add(pool.submit(() -> {
                    DomainSetup at = new DomainSetup(member.home());
                    for (int u = slice; u < USERS; u += members.size()) {
                        at.user(user(u), "pw-" + u, "customer");
                        sessions.put(user(u), at.login(user(u), "pw-" + u));
                    }
                    return null;
                }));
            }
            for (Future<?> slice : done) {
                slice.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @AfterAll
    static void stopProviders() {
        providers.close();
    }

    @AfterEach
    void stopHaproxy() {
        if (haproxy != null) {
            haproxy.close();
        }
    }

    /** Sets {@code document} and waits until every member has it active and serves with it. */
    private static void activeEverywhere(String document) throws Exception {
        long version = new DomainSetup(members.get(0).home()).policy(document);
        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(5)).until(() -> member.home().getPolicy(new GetPolicy()).getVersion() == version
                    && StockQuoteCalls.getQuote(member.virtualPortAddress(PORT), "ACME", sessions.get(user(0))).status() == 200);
        }
    }

    @Test
    void eachUserReachesTheSameInstanceThroughEveryMemberBehindHaproxyWithLeastconnAndWithRoundRobin() throws Exception {
        activeEverywhere(FIXED);
        Map<String, String> designated = new ConcurrentHashMap<>();
        for (String balance : List.of("leastconn", "roundrobin")) {
            haproxy = HaproxyFront.start(memberPorts(), CHECKS, balance);
            awaitAllUp();
            for (int round = 0; round < 3; round++) {
                for (int u = 0; u < USERS; u++) {
                    String servedBy = servedBy(haproxy.virtualPortAddress(PORT), user(u));
                    assertThat(designated.computeIfAbsent(user(u), k -> servedBy))
                            .as("%s through HAProxy (%s), round %d", user(u), balance, round).isEqualTo(servedBy);
                }
            }
            assertThat(haproxy.answered2xx().values()).as("HAProxy (%s) sent calls to every member", balance)
                    .allSatisfy(answered -> assertThat(answered).isPositive());
            haproxy.close();
            haproxy = null;
        }
        for (RunningNode member : members) {
            for (int u = 0; u < USERS; u++) {
                assertThat(servedBy(member.virtualPortAddress(PORT), user(u))).as("%s at member %s", user(u), member.baseUri())
                        .isEqualTo(designated.get(user(u)));
            }
        }
        assertThat(designated.values()).as("users spread over both instances").contains("quote-a", "quote-b");
    }

    @Test
    void eachSessionStaysOnItsInstanceUnderTransactionHistoryBehindHaproxyWithRoundRobin() throws Exception {
        activeEverywhere(HISTORY);
        haproxy = HaproxyFront.start(memberPorts(), CHECKS, "roundrobin");
        awaitAllUp();
        Map<String, String> last = new ConcurrentHashMap<>();

        for (int round = 0; round < 3; round++) {
            for (int u = 0; u < USERS; u++) {
                String servedBy = servedBy(haproxy.virtualPortAddress(PORT), user(u));
                assertThat(last.computeIfAbsent(user(u), k -> servedBy)).as("%s's session, round %d", user(u), round)
                        .isEqualTo(servedBy);
            }
        }
        assertThat(last.values()).as("sessions spread over both instances").contains("quote-a", "quote-b");
    }

    @Test
    void aRollingRestartOfEveryMemberBehindLeastconnFailsNoCallAndMovesNoUser() throws Exception {
        activeEverywhere(FIXED);
        haproxy = HaproxyFront.start(memberPorts(), CHECKS, HaproxyFront.LEASTCONN);
        awaitAllUp();
        Map<String, String> designated = new ConcurrentHashMap<>();
        for (int u = 0; u < USERS; u++) {
            designated.put(user(u), servedBy(haproxy.virtualPortAddress(PORT), user(u)));
        }
        AtomicInteger next = new AtomicInteger();
        try (SteadyLoad load = SteadyLoad.start(() -> sameInstance(designated, user(Math.floorMod(next.getAndIncrement(), USERS))),
                4, 200_000, Duration.ofSeconds(120))) {
            await().atMost(Duration.ofSeconds(20)).until(() -> load.answered() >= 200);

            for (RunningNode member : members) {
                String id = member.loadReport().cluster().member();
                member.restart();
                assertThat(member.loadReport().cluster().member()).as("a restarted member keeps its id").isEqualTo(id);
                awaitAllUp();
                long afterRestart = load.answered();
                await().atMost(Duration.ofSeconds(20)).until(() -> load.answered() >= afterRestart + 100);
            }

            SteadyLoad.Outcome outcome = load.finish();
            assertThat(outcome.failed()).as("failed calls or designated-instance changes %s; HAProxy's log: %s",
                    outcome.failures(), haproxy.log()).isZero();
            assertThat(outcome.answered()).isGreaterThanOrEqualTo(500);
        }
    }

    /** Calls as {@code user} through HAProxy: empty when the user's designated instance answered with 200. */
    private Optional<String> sameInstance(Map<String, String> designated, String user) {
        SoapReply reply = StockQuoteCalls.getQuote(haproxy.virtualPortAddress(PORT), "ACME", sessions.get(user));
        if (reply.status() != 200) {
            return Optional.of(user + ": HTTP " + reply.status() + ": " + reply.text());
        }
        String servedBy = StockQuoteCalls.servedBy(reply);
        return servedBy.equals(designated.get(user)) ? Optional.empty()
                : Optional.of(user + " moved from " + designated.get(user) + " to " + servedBy);
    }

    private static String servedBy(URI address, String user) {
        SoapReply reply = StockQuoteCalls.getQuote(address, "ACME", sessions.get(user));
        assertThat(reply.status()).as("%s at %s: %s", user, address, reply.text()).isEqualTo(200);
        return StockQuoteCalls.servedBy(reply);
    }

    private void awaitAllUp() {
        await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(50)).untilAsserted(() -> assertThat(haproxy.serverStatuses())
                .as("HAProxy's view of the members; its log: %s", haproxy.log())
                .isEqualTo(Map.of("m1", "UP", "m2", "UP", "m3", "UP")));
    }

    private static List<Integer> memberPorts() {
        return members.stream().map(m -> m.baseUri().getPort()).toList();
    }

    private static String user(int u) {
        return "user-" + u;
    }
}
