package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetEvents;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Three real member nodes on an in-process ensemble of three ZooKeeper servers (docs/cluster.md, "The
 * leader"): one member probes an ejected provider for all, every member honours the ejection, and
 * the chore moves when the leader stops. Probes are counted at the provider by the prober's id,
 * which every probe carries in {@code X-SD-Probe}.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class ClusterLeaderTest {

    private static final String PORT = "StockQuotePortType";
    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(3);

    private List<RunningNode> members;
    private ProviderFleet providers;
    private SampleProvider failing;
    private String failingId;

    @BeforeEach
    void threeMembersServingTwoProviders() throws HomeFault {
        members = ZOOKEEPER.startMembers("leader", 3);
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        failing = providers.named("quote-b");
        DomainSetup setup = new DomainSetup(members.get(0).home());
        setup.provider(providers.named("quote-a"), null);
        failingId = setup.provider(failing, null).getInstanceId();
        long version = setup.policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="round-robin"/>
                    <recovery retries="1"><idempotent operation="getQuote"/></recovery>
                    <health ejectAfterFailures="2" probeIntervalMs="100" maxProbeIntervalMs="200">
                      <probe operation="getQuote"><q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>PROBE</q:symbol></q:getQuote></probe>
                    </health>
                  </defaults>
                </policy>
                """);
        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(5)).until(() -> member.home().getPolicy(new org.servicedomain.home.v1.GetPolicy())
                    .getVersion() == version && StockQuoteCalls.getQuote(member.virtualPortAddress(PORT), "ACME").status() == 200);
        }
    }

    @AfterEach
    void stopEverything() {
        providers.close();
    }

    @Test
    void everyMemberNamesTheSameLeaderAndOnlyThatMemberReportsLeading() {
        await().atMost(Duration.ofSeconds(5)).until(() -> leaders(members).size() == 1 && !leaders(members).contains("null"));
        String leader = leaders(members).iterator().next();

        assertThat(members).extracting(m -> m.loadReport().cluster().member()).contains(leader);
        for (RunningNode member : members) {
            boolean leads = member.loadReport().cluster().member().equals(leader);
            assertThat(metrics(member).sum("sd_cluster_leader", Map.of())).as("sd_cluster_leader").isEqualTo(leads ? 1.0 : 0.0);
        }
    }

    @Test
    void aProviderFailingItsProbesIsEjectedOnEveryMemberAndProbedByTheLeaderAlone() throws HomeFault {
        failing.setFaultMode(FaultMode.HTTP_500_PLAIN);
        RunningNode ejecting = members.get(1);

        ejectThrough(ejecting);

        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(2)).until(() -> state(member) == InstanceState.DOWN);
        }
        long probesBefore = probeCount();
        await().atMost(Duration.ofSeconds(10)).until(() -> probeCount() >= probesBefore + 5);
        String leader = leaderOf(members);
        assertThat(failing.probesReceived().keySet()).as("every probe came from the leader").containsExactly(leader);

        long clientCalls = failing.callsReceived();
        for (RunningNode member : members) {
            for (int i = 0; i < 6; i++) {
                SoapReply reply = StockQuoteCalls.getQuote(member.virtualPortAddress(PORT), "ACME");
                assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
            }
        }
        assertThat(failing.callsReceived()).as("no member sent a client's call to the ejected provider").isEqualTo(clientCalls);
    }

    @Test
    void aProviderThatPassesTheLeadersProbeAgainIsBackOnEveryMember() throws HomeFault {
        failing.setFaultMode(FaultMode.HTTP_500_PLAIN);
        ejectThrough(members.get(2));
        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(2)).until(() -> state(member) == InstanceState.DOWN);
        }

        failing.setFaultMode(FaultMode.NONE);

        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(5)).until(() -> state(member) == InstanceState.OPERATIONAL);
        }
        long served = failing.requestsServed();
        for (RunningNode member : members) {
            for (int i = 0; i < 4; i++) {
                assertThat(StockQuoteCalls.getQuote(member.virtualPortAddress(PORT), "ACME").status()).isEqualTo(200);
            }
        }
        assertThat(failing.requestsServed() - served).as("round robin over both providers on every member")
                .isGreaterThanOrEqualTo(members.size());
    }

    @Test
    void stoppingTheLeaderMovesTheProbesToAnotherMember() throws HomeFault {
        failing.setFaultMode(FaultMode.HTTP_500_PLAIN);
        ejectThrough(members.get(0));
        await().atMost(Duration.ofSeconds(10)).until(() -> probeCount() >= 3);
        String oldLeader = leaderOf(members);
        RunningNode leading = members.stream().filter(m -> m.loadReport().cluster().member().equals(oldLeader))
                .findFirst().orElseThrow();
        assertThat(failing.probesReceived().keySet()).containsExactly(oldLeader);

        leading.stop();
        members.remove(leading);

        await().atMost(Duration.ofSeconds(10)).until(() -> !leaders(members).contains(oldLeader)
                && leaders(members).size() == 1 && !leaders(members).contains("null"));
        String newLeader = leaderOf(members);
        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(2)).until(() -> member.home().getEvents(new GetEvents()).getEvent().stream()
                    .anyMatch(e -> e.getKind().equals("LEADER_CHANGED") && e.getMessage().contains(newLeader)));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> failing.probesReceived().getOrDefault(newLeader, 0L) >= 3);
        assertThat(failing.probesReceived().keySet()).as("probes came from the old leader, then from the new one only")
                .containsExactlyInAnyOrder(oldLeader, newLeader);
        for (RunningNode member : members) {
            assertThat(state(member)).as("still ejected on the members left").isEqualTo(InstanceState.DOWN);
        }

        failing.setFaultMode(FaultMode.NONE);

        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(5)).until(() -> state(member) == InstanceState.OPERATIONAL);
        }
    }

    /** Calls through {@code member} until it has sent the failing provider the policy's two failures in a row. */
    private void ejectThrough(RunningNode member) throws HomeFault {
        await().atMost(Duration.ofSeconds(10)).until(() -> {
            assertThat(StockQuoteCalls.getQuote(member.virtualPortAddress(PORT), "ACME").status()).isEqualTo(200);
            return state(member) == InstanceState.DOWN;
        });
    }

    private InstanceState state(RunningNode member) throws HomeFault {
        GetServiceInfo request = new GetServiceInfo();
        request.setInstanceId(failingId);
        return member.home().getServiceInfo(request).getInstance().get(0).getState();
    }

    private long probeCount() {
        return failing.probesReceived().values().stream().mapToLong(Long::longValue).sum();
    }

    private static Set<String> leaders(List<RunningNode> nodes) {
        return nodes.stream().map(m -> String.valueOf(m.loadReport().cluster().leader())).collect(Collectors.toSet());
    }

    private static String leaderOf(List<RunningNode> nodes) {
        Set<String> named = leaders(nodes);
        assertThat(named).as("the leader every member names").hasSize(1).doesNotContain("null");
        return named.iterator().next();
    }

    private static PrometheusText metrics(RunningNode member) {
        SoapReply scrape = SoapExchange.get(URI.create(member.baseUri() + "/metrics"));
        assertThat(scrape.status()).isEqualTo(200);
        return PrometheusText.parse(scrape.text());
    }
}
