package org.servicedomain.it.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.curator.test.InstanceSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetPolicy;
import org.servicedomain.home.v1.GetPolicyResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Three real nodes on loopback, members of one cluster on an in-process ensemble of three ZooKeeper
 * servers (docs/cluster.md): what one member is told, every member serves.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ClusterTest {

    @RegisterExtension
    static final ZooKeeperEnsemble ZOOKEEPER = new ZooKeeperEnsemble(3);

    private RunningNode node1;
    private RunningNode node2;
    private RunningNode node3;
    private ProviderFleet providers;

    @BeforeEach
    void threeMembersOfAFreshCluster() {
        List<RunningNode> members = ZOOKEEPER.startMembers("test", 3);
        node1 = members.get(0);
        node2 = members.get(1);
        node3 = members.get(2);
        providers = ProviderFleet.stockQuotes("quote-a");
    }

    @AfterEach
    void stopNodes() {
        providers.close();
    }

    @Test
    void aRegistrationAtOneMemberServesAtAnotherWithinOneSecond() throws HomeFault {
        new DomainSetup(node1.home()).provider(providers.named("quote-a"), null);

        await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20)).until(() ->
                StockQuoteCalls.getQuote(node3.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);
        SoapReply reply = StockQuoteCalls.getQuote(node3.virtualPortAddress("StockQuotePortType"), "ACME");
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quote-a");
    }

    @Test
    void anUnregistrationAtOneMemberStopsServingAtAnother() throws HomeFault {
        String id = new DomainSetup(node1.home()).provider(providers.named("quote-a"), null).getInstanceId();
        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node2.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);

        org.servicedomain.home.v1.Unregister unregister = new org.servicedomain.home.v1.Unregister();
        unregister.setInstanceId(id);
        node3.home().unregister(unregister);

        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node2.virtualPortAddress("StockQuotePortType"), "ACME").status() != 200);
    }

    @Test
    void aVirtualPortRemovedAtOneMemberIsGoneWithItsInstancesFromEvery() throws HomeFault {
        new DomainSetup(node1.home()).provider(providers.named("quote-a"), null);
        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node2.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);

        org.servicedomain.home.v1.RemoveVirtualPort remove = new org.servicedomain.home.v1.RemoveVirtualPort();
        remove.setVirtualPort("StockQuotePortType");
        assertThat(node3.home().removeVirtualPort(remove).getInstanceId()).hasSize(1);

        for (RunningNode member : List.of(node1, node2, node3)) {
            await().atMost(Duration.ofSeconds(2)).pollInterval(Duration.ofMillis(20)).until(() ->
                    member.home().getServiceInfo(new org.servicedomain.home.v1.GetServiceInfo()).getVirtualPort().isEmpty());
            assertThat(member.home().getServiceInfo(new org.servicedomain.home.v1.GetServiceInfo()).getInstance()).isEmpty();
            assertThat(StockQuoteCalls.getQuote(member.virtualPortAddress("StockQuotePortType"), "ACME").status())
                    .isNotEqualTo(200);
        }
    }

    @Test
    void aPolicySetAtOneMemberIsActiveOnAllWithinOneSecond() throws HomeFault {
        String document = policy("set at node 2");

        long version = new DomainSetup(node2.home()).policy(document);

        for (RunningNode member : List.of(node1, node2, node3)) {
            await().atMost(Duration.ofSeconds(1)).pollInterval(Duration.ofMillis(20))
                    .until(() -> activePolicy(member).getVersion() == version);
            assertThat(activePolicy(member).getDocument()).isEqualTo(document);
        }
    }

    @Test
    void twoPoliciesSetAtOnceOnDifferentMembersAreBothVersionedAndNeitherIsLost() throws Exception {
        String first = policy("set at node 1");
        String second = policy("set at node 2");
        CountDownLatch go = new CountDownLatch(1);
        CompletableFuture<Long> atNode1 = CompletableFuture.supplyAsync(() -> setAfter(go, node1, first));
        CompletableFuture<Long> atNode2 = CompletableFuture.supplyAsync(() -> setAfter(go, node2, second));

        go.countDown();
        long v1 = atNode1.get(20, TimeUnit.SECONDS);
        long v2 = atNode2.get(20, TimeUnit.SECONDS);

        assertThat(v1).isNotEqualTo(v2);
        assertThat(policyVersion(node3, v1).getDocument()).isEqualTo(first);
        assertThat(policyVersion(node3, v2).getDocument()).isEqualTo(second);
        long newest = Math.max(v1, v2);
        for (RunningNode member : List.of(node1, node2, node3)) {
            await().atMost(Duration.ofSeconds(2)).until(() -> activePolicy(member).getVersion() == newest);
        }
    }

    @Test
    void everyMemberListsTheOthersAsPeersAndAStoppedMemberLeaves() {
        int port1 = node1.baseUri().getPort();
        int port2 = node2.baseUri().getPort();
        int port3 = node3.baseUri().getPort();
        await().atMost(Duration.ofSeconds(3)).until(() -> peerPorts(node1).equals(Set.of(port2, port3))
                && peerPorts(node2).equals(Set.of(port1, port3)) && peerPorts(node3).equals(Set.of(port1, port2)));

        node3.stop();

        await().atMost(Duration.ofSeconds(2)).until(() -> peerPorts(node1).equals(Set.of(port2))
                && peerPorts(node2).equals(Set.of(port1)));
    }

    @Test
    void membersSeeEachOthersLoadIndex() {
        await().atMost(Duration.ofSeconds(5)).until(() -> node1.loadReport().peers().stream()
                .filter(p -> p.address().contains(":" + node2.baseUri().getPort() + "/")).anyMatch(p -> p.loadIndex() != null));
    }

    @Test
    void withoutQuorumMembersKeepServingAndRefuseChangesClearlyUntilItReturns() throws Exception {
        new DomainSetup(node1.home()).provider(providers.named("quote-a"), null);
        await().atMost(Duration.ofSeconds(2)).until(() ->
                StockQuoteCalls.getQuote(node2.virtualPortAddress("StockQuotePortType"), "ACME").status() == 200);
        List<InstanceSpec> two = List.copyOf(ZOOKEEPER.servers().getInstances()).subList(0, 2);
        try {
            for (InstanceSpec server : two) {
                ZOOKEEPER.servers().killServer(server);
            }

            // While the ensemble loses quorum the session may briefly reconnect to the last server before
            // it notices; the node's answer settles once that server gives up too.
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> {
                assertThatThrownBy(() -> new DomainSetup(node2.home()).policy(policy("without quorum")))
                        .isInstanceOf(HomeFault.class).hasMessageContaining("no ZooKeeper quorum");
                SoapReply ready = SoapExchange.get(URI.create(node2.baseUri() + "/health/ready"));
                assertThat(ready.status()).isEqualTo(503);
                assertThat(ready.text()).contains("cluster").contains("no quorum")
                        .as("readiness is open to anyone: it names no ZooKeeper address")
                        .doesNotContain(ZOOKEEPER.servers().getConnectString()).doesNotContain("ZooKeeper at");
            });
            SoapReply served = StockQuoteCalls.getQuote(node2.virtualPortAddress("StockQuotePortType"), "ACME");
            assertThat(StockQuoteCalls.servedBy(served)).as("served from the cached catalog").isEqualTo("quote-a");
        } finally {
            for (InstanceSpec server : two) {
                ZOOKEEPER.servers().restartServer(server);
            }
        }

        String document = policy("after quorum returned");
        await().atMost(Duration.ofSeconds(30)).ignoreExceptions()
                .until(() -> new DomainSetup(node2.home()).policy(document) > 0);
        await().atMost(Duration.ofSeconds(2)).until(() -> activePolicy(node3).getDocument().equals(document));
        assertThat(SoapExchange.get(URI.create(node2.baseUri() + "/health/ready")).status()).isEqualTo(200);
    }

    private static Set<Integer> peerPorts(RunningNode node) {
        return node.loadReport().peers().stream().map(LoadReport.PeerView::address)
                .map(address -> java.net.URI.create(address).getPort()).collect(Collectors.toSet());
    }

    private static long setAfter(CountDownLatch go, RunningNode node, String document) {
        try {
            go.await();
            return new DomainSetup(node.home()).policy(document);
        } catch (InterruptedException | HomeFault e) {
            throw new IllegalStateException(e);
        }
    }

    private static GetPolicyResponse activePolicy(RunningNode node) throws HomeFault {
        return node.home().getPolicy(new GetPolicy());
    }

    private static GetPolicyResponse policyVersion(RunningNode node, long version) throws HomeFault {
        GetPolicy request = new GetPolicy();
        request.setVersion(version);
        return node.home().getPolicy(request);
    }

    private static String policy(String comment) {
        return """
                <policy xmlns="urn:sd:policy:1">
                  <!-- %s -->
                  <defaults>
                    <selection directive="least-outstanding"/>
                  </defaults>
                </policy>
                """.formatted(comment);
    }
}
