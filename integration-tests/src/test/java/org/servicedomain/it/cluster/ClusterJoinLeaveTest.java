package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.curator.test.InstanceSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.HaproxyFront;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Members joining and leaving while traffic flows, through a real HAProxy in front of the cluster,
 * and a ZooKeeper server lost (docs/cluster.md, "Leaving: draining", "In front of the cluster", "Failure
 * modes"): three ZooKeeper servers in process, real members on loopback, a real sample provider.
 */
@Timeout(value = 150, unit = TimeUnit.SECONDS)
class ClusterJoinLeaveTest {

    private static final String PORT = "StockQuotePortType";
    /**
     * HAProxy checks each member every 200 ms and takes it out after 2 failed checks, so a draining
     * member is out within about half a second: well inside its drain delay.
     */
    private static final HaproxyFront.Checks CHECKS = new HaproxyFront.Checks(Duration.ofMillis(200), 2, 2);
    private static final DrainConfig DRAIN = new DrainConfig(Duration.ofSeconds(3), Duration.ofSeconds(20));
    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(3);

    private List<RunningNode> members;
    private ProviderFleet providers;
    private HaproxyFront haproxy;

    @BeforeEach
    void threeMembersServingOneProvider() throws Exception {
        members = new ArrayList<>(ZOOKEEPER.startMembers("join-leave", 3, member -> member.drain(DRAIN)));
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        new DomainSetup(members.get(0).home()).provider(providers.named("quote-a"), null);
        for (RunningNode member : members) {
            await().atMost(Duration.ofSeconds(5)).until(() -> StockQuoteCalls.getQuote(member.virtualPortAddress(PORT), "ACME")
                    .status() == 200);
        }
    }

    @AfterEach
    void stopEverything() {
        if (haproxy != null) {
            haproxy.close();
        }
        providers.close();
    }

    @Test
    void underSteadyLoadThroughHaproxyAFourthMemberJoinsAndOneIsStoppedWithoutAFailedRequest() throws Exception {
        int fourthPort = HaproxyFront.freePort();
        List<Integer> ports = new ArrayList<>(members.stream().map(m -> m.baseUri().getPort()).toList());
        ports.add(fourthPort);
        haproxy = HaproxyFront.start(ports, CHECKS);
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(haproxy.serverStatuses())
                .as("HAProxy's view of the members; HAProxy's log: %s", haproxy.log())
                .isEqualTo(Map.of("m1", "UP", "m2", "UP", "m3", "UP", "m4", "DOWN")));

        try (SteadyLoad load = SteadyLoad.start(haproxy.virtualPortAddress(PORT), Set.of("quote-a"), 4, 40_000,
                Duration.ofSeconds(100))) {
            await().atMost(Duration.ofSeconds(20)).until(() -> load.answered() >= 200);

            RunningNode fourth = ZOOKEEPER.startMember(fourthPort, member -> member.drain(DRAIN));
            members.add(fourth);
            await().atMost(Duration.ofSeconds(10)).until(() -> "UP".equals(haproxy.serverStatuses().get("m4")));
            await().atMost(Duration.ofSeconds(20)).until(() -> haproxy.answered2xx().get("m4") >= 50);

            members.get(1).stop();
            assertThat(haproxy.serverStatuses().get("m2")).as("out of HAProxy once drained").startsWith("DOWN");
            long afterStop = load.answered();
            await().atMost(Duration.ofSeconds(20)).until(() -> load.answered() >= afterStop + 300);

            SteadyLoad.Outcome outcome = load.finish();
            assertThat(outcome.failed()).as("failed requests %s; HAProxy's log: %s", outcome.failures(), haproxy.log())
                    .isZero();
            assertThat(outcome.answered()).isGreaterThanOrEqualTo(afterStop + 300);
        }
    }

    @Test
    void aStoppingMemberLeavesTheMembershipFirstAndServesUntilItHasDrained() throws Exception {
        RunningNode leaving = members.get(2);
        int leavingPort = leaving.baseUri().getPort();
        await().atMost(Duration.ofSeconds(3)).until(() -> peerPorts(members.get(0)).contains(leavingPort));

        CompletableFuture<Void> stopping = CompletableFuture.runAsync(leaving::stop);

        await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(50))
                .until(() -> !peerPorts(members.get(0)).contains(leavingPort));
        assertThat(stopping).as("still draining").isNotDone();
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(leaving.virtualPortAddress(PORT), "ACME")))
                .as("a member that has left still answers what reaches it").isEqualTo("quote-a");
        assertThat(SoapExchange.get(URI.create(leaving.baseUri() + "/health/ready")).status()).isEqualTo(503);
        stopping.get(30, TimeUnit.SECONDS);
    }

    @Test
    void withTheZooKeeperLeaderKilledTheClusterKeepsServingAndAcceptsChanges() throws Exception {
        InstanceSpec leader = leader(ZOOKEEPER.servers().getInstances());
        assertThat(leader).as("the ensemble's leader").isNotNull();
        try (SteadyLoad load = SteadyLoad.start(members.get(1).virtualPortAddress(PORT), Set.of("quote-a", "quote-b"), 2,
                40_000, Duration.ofSeconds(100))) {
            await().atMost(Duration.ofSeconds(10)).until(() -> load.answered() >= 50);

            ZOOKEEPER.servers().killServer(leader);

            // The members connected to the old leader, and those on followers that lose it, are cut off
            // until the two servers left elect a leader; changes wait for that, serving does not.
            List<InstanceSpec> left = ZOOKEEPER.servers().getInstances().stream().filter(s -> !s.equals(leader)).toList();
            await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() -> leader(left) != null);
            for (RunningNode member : members) {
                await().atMost(Duration.ofSeconds(30)).until(() ->
                        SoapExchange.get(URI.create(member.baseUri() + "/health/ready")).status() == 200);
            }
            new DomainSetup(members.get(0).home()).provider(providers.named("quote-b"), null);

            await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(20)).until(() -> "quote-b".equals(
                    StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(members.get(2).virtualPortAddress(PORT), "ACME"))));
            long afterChange = load.answered();
            await().atMost(Duration.ofSeconds(10)).until(() -> load.answered() >= afterChange + 50);
            SteadyLoad.Outcome outcome = load.finish();
            assertThat(outcome.failed()).as("requests failed at a member while ZooKeeper lost its leader: %s",
                    outcome.failures()).isZero();
        } finally {
            ZOOKEEPER.servers().restartServer(leader);
        }
    }

    private static Set<Integer> peerPorts(RunningNode node) {
        return node.loadReport().peers().stream().map(LoadReport.PeerView::address)
                .map(address -> URI.create(address).getPort()).collect(Collectors.toSet());
    }

    /** The ensemble's leader among {@code servers}, asked with ZooKeeper's {@code srvr} command; null while there is none. */
    private static InstanceSpec leader(java.util.Collection<InstanceSpec> servers) throws IOException {
        for (InstanceSpec server : servers) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", server.getPort()), 1000);
                OutputStream out = socket.getOutputStream();
                out.write("srvr".getBytes(StandardCharsets.US_ASCII));
                out.flush();
                InputStream in = socket.getInputStream();
                if (new String(in.readAllBytes(), StandardCharsets.US_ASCII).contains("Mode: leader")) {
                    return server;
                }
            } catch (IOException e) {
                // a server that is down is no leader: the others are asked
                continue;
            }
        }
        return null;
    }
}
