package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.VirtualPort;

/**
 * A cluster catalog far beyond what one znode holds: 10,000 instances of the sample WSDLs (distinct
 * addresses, no provider running) over three virtual ports, stored, loaded by a joining member and
 * taken in by a listening one; changes made at once at two members on it both survive; and a change
 * without ZooKeeper is refused with its own fault code.
 */
class LargeCatalogTest {

    private static final int INSTANCES = 10_000;

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("large");

    @Test
    void aCatalogOfTenThousandInstancesIsStoredAndLoadedByAJoiningMemberAndReachesAListeningOne() throws IOException {
        Catalog listening = Catalog.open(catalogStore(), wsdlSource());
        CatalogSnapshot stored = tenThousandInstances(listening, INSTANCES);

        Catalog joining = Catalog.open(catalogStore(), wsdlSource());

        assertThat(joining.snapshot().instances()).hasSize(INSTANCES);
        assertThat(joining.snapshot().ports()).hasSize(3);
        for (VirtualPort port : stored.ports()) {
            assertThat(joining.snapshot().instancesOf(port.name()))
                    .as("the instances of %s, in registration order", port.name())
                    .containsExactlyElementsOf(stored.instancesOf(port.name()));
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> listening.snapshot().instances().size() == INSTANCES);
        assertThat(listening.snapshot().instanceIds()).isEqualTo(joining.snapshot().instanceIds());
    }

    @Test
    void changesMadeAtOnceAtTwoMembersOnTheSamePortBothSurvive() throws Exception {
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        tenThousandInstances(first, INSTANCES - 1);
        await().atMost(Duration.ofSeconds(10)).until(() -> first.snapshot().instances().size() == INSTANCES - 1);
        Catalog second = Catalog.open(catalogStore(), wsdlSource());
        String portName = first.snapshot().portFor(org.servicedomain.node.TestInstances.STOCK_QUOTE).orElseThrow().name();
        Instance updated = second.snapshot().instancesOf(portName).get(INSTANCES / 4);

        CountDownLatch start = new CountDownLatch(1);
        CompletableFuture<Instance> registered = CompletableFuture.supplyAsync(() -> {
            awaitStart(start);
            return first.register(registration(SOAP11_WSDL, "http://provider-new.example/quote")).get(0).instance();
        });
        CompletableFuture<Instance> stateSet = CompletableFuture.supplyAsync(() -> {
            awaitStart(start);
            return second.update(updated.id(), new Catalog.InstanceUpdate(InstanceState.STANDBY, null, Map.of("rack", "b")));
        });
        start.countDown();
        Instance added = registered.get();
        Instance standby = stateSet.get();

        for (Catalog member : List.of(first, second)) {
            await().atMost(Duration.ofSeconds(2)).until(() -> member.snapshot().instance(added.id()).isPresent()
                    && member.snapshot().instance(updated.id()).orElseThrow().equals(standby));
        }
        CatalogSnapshot joined = Catalog.open(catalogStore(), wsdlSource()).snapshot();
        assertThat(joined.instances()).hasSize(INSTANCES);
        assertThat(joined.instance(added.id())).hasValue(added);
        assertThat(joined.instance(updated.id()).orElseThrow().state()).isEqualTo(InstanceState.STANDBY);
        assertThat(joined.instance(updated.id()).orElseThrow().attributes()).containsEntry("rack", "b");
    }

    @Test
    void aChangeWithoutZooKeeperIsRefusedAsNoQuorumAndAcceptedOnceItIsBack() throws Exception {
        Catalog member = Catalog.open(catalogStore(), wsdlSource());
        member.register(registration(SOAP11_WSDL, "http://provider-a.example/quote"));

        ZOOKEEPER.server().stop();
        try {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                    assertThatThrownBy(() -> member.register(registration(SOAP11_WSDL, "http://provider-b.example/quote")))
                            .isInstanceOfSatisfying(NodeFault.class, fault -> assertThat(fault.code()).isEqualTo(FaultCode.NoQuorum))
                            .hasMessageContaining("no ZooKeeper quorum"));
            assertThat(member.snapshot().instances()).as("still served from the cache").hasSize(1);
        } finally {
            ZOOKEEPER.server().restart();
        }

        await().atMost(Duration.ofSeconds(30)).ignoreExceptions().until(() ->
                !member.register(registration(SOAP11_WSDL, "http://provider-b.example/quote")).isEmpty());
        await().atMost(Duration.ofSeconds(2)).until(() -> member.snapshot().instances().size() == 2);
        assertThat(Catalog.open(catalogStore(), wsdlSource()).snapshot().instances()).as("what a joining member loads").hasSize(2);
    }

    /**
     * Registers the sample WSDLs at {@code member} (three virtual ports), then has an importing member
     * store instances at distinct addresses until the catalog holds {@code count}; returns it.
     */
    private CatalogSnapshot tenThousandInstances(Catalog member, int count) throws IOException {
        member.register(registration(SOAP11_WSDL, "http://provider-0.example/quote"));
        member.register(registration(TWO_PORT_TYPES_WSDL, "http://provider-0.example/market"));
        CatalogSnapshot registered = member.snapshot();
        List<Instance> instances = new ArrayList<>(registered.instances());
        List<Instance> templates = List.copyOf(registered.instances());
        for (int i = 1; instances.size() < count; i++) {
            Instance template = templates.get(i % 5 == 0 ? 1 + i % 2 : 0);
            instances.add(new Instance(String.format("%s-%08x", template.virtualPort(), i), template.virtualPort(),
                    template.portType(), "http://provider-" + i + ".example/" + template.portType().getLocalPart(),
                    template.wsdlLocation(), template.wsdlDigest(), template.supplierLevels(), null,
                    Map.of("region", "r" + i % 7), InstanceState.OPERATIONAL, null));
        }
        CatalogSnapshot wanted = CatalogSnapshot.of(registered.ports(), instances);
        ZooKeeperCatalogStore importing = catalogStore();
        importing.load();
        importing.save(new CatalogStore.StoredCatalog(registered.ports().stream()
                .map(p -> new CatalogStore.StoredPort(p.name(), p.portType(), p.binding(), p.wsdlDigest())).toList(),
                instances));
        return wanted;
    }

    private static void awaitStart(CountDownLatch start) {
        try {
            start.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private ZooKeeperCatalogStore catalogStore() {
        return ZOOKEEPER.closeAfterTest(new ZooKeeperCatalogStore(ZOOKEEPER.connection()));
    }
}
