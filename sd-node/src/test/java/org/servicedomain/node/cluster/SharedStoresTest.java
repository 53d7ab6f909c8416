package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;
import static org.servicedomain.node.TestInstances.GET_HISTORY;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.QUOTES_ONLY_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.CatalogSnapshot;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.policy.PolicyStore;

/**
 * The shared catalog and policy stores of several members on one in-process ZooKeeper server. A
 * member that is made deaf to the others' changes shows that a write made on a stale view is
 * refused by ZooKeeper and redone on top of the other change, never over it.
 */
class SharedStoresTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("unit");

    @Test
    void aRegistrationOnAStaleViewIsMadeOnTopOfTheOtherMembersChange() throws IOException {
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        Catalog deaf = Catalog.open(new DeafCatalogStore(catalogStore()), wsdlSource());

        Instance a = first.register(registration(SOAP11_WSDL, "http://provider.example/a")).get(0).instance();
        Instance b = deaf.register(registration(SOAP11_WSDL, "http://provider.example/b")).get(0).instance();

        assertThat(deaf.snapshot().instanceIds()).containsExactlyInAnyOrder(a.id(), b.id());
        assertThat(Catalog.open(catalogStore(), wsdlSource()).snapshot().instanceIds())
                .as("what a member joining now loads").containsExactlyInAnyOrder(a.id(), b.id());
    }

    @Test
    void aMemberThatHasNotTakenInAnotherMembersRegistrationNeverUndoesItAndTakesAFreeNameForItsPort() throws IOException {
        Catalog deaf = Catalog.open(new DeafCatalogStore(catalogStore()), wsdlSource());
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        Instance a = first.register(registration(SOAP11_WSDL, "http://provider.example/a")).get(0).instance();

        List<Catalog.Registered> market = deaf.register(registration(TWO_PORT_TYPES_WSDL, "http://provider.example/market"));

        CatalogSnapshot joined = Catalog.open(catalogStore(), wsdlSource()).snapshot();
        assertThat(joined.instance(a.id())).as("the other member's registration").hasValue(a);
        assertThat(joined.instancesOf(a.virtualPort())).containsExactly(a);
        assertThat(market).extracting(r -> r.port().name())
                .as("the market's StockQuotePortType clashes with the other member's port name")
                .containsExactlyInAnyOrder(a.virtualPort() + "2", "NewsPortType");
        for (Catalog.Registered registered : market) {
            assertThat(joined.instancesOf(registered.port().name())).containsExactly(registered.instance());
        }
    }

    @Test
    void aListeningMemberServesAnotherMembersRegistrationWithinOneSecond() throws IOException {
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        Catalog second = Catalog.open(catalogStore(), wsdlSource());

        Instance a = first.register(registration(SOAP11_WSDL, "http://provider.example/a")).get(0).instance();

        await().atMost(Duration.ofSeconds(10)).until(() -> second.snapshot().instance(a.id()).isPresent());
        assertThat(second.snapshot().portFor(a.portType())).isPresent();
    }

    @Test
    void aMemberJoiningLaterKnowsWhichOperationsEachInstanceImplements() throws IOException {
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        Instance full = first.register(registration(SOAP11_WSDL, "http://provider.example/full")).get(0).instance();
        Instance quotesOnly = first.register(registration(QUOTES_ONLY_WSDL, "http://provider.example/quotes-only"))
                .get(0).instance();

        CatalogSnapshot joined = Catalog.open(catalogStore(), wsdlSource()).snapshot();

        assertThat(joined.instance(quotesOnly.id()).orElseThrow().operations()).isEqualTo(Map.of(GET_QUOTE, "GetQuote"));
        assertThat(joined.instance(full.id()).orElseThrow().operations())
                .isEqualTo(Map.of(GET_QUOTE, "GetQuote", GET_HISTORY, "GetHistory"));
        assertThat(joined.operationalInstancesOf(full.virtualPort(), null, GET_HISTORY)).containsExactly(full);
    }

    @Test
    void aPolicySetOnAStaleViewTakesTheNextVersionAndBothAreKept() throws IOException {
        ActivePolicy first = policy(policyStore());
        ActivePolicy deaf = policy(new DeafPolicyStore(policyStore()));

        long v1 = first.set(document("first"));
        long v2 = deaf.set(document("second"));

        assertThat(v1).isEqualTo(1);
        assertThat(v2).isEqualTo(2);
        PolicyStore joining = policyStore();
        assertThat(joining.find(1)).map(PolicyStore.StoredPolicy::document).hasValue(document("first"));
        assertThat(joining.latest()).hasValue(new PolicyStore.StoredPolicy(2, document("second")));
        await().atMost(Duration.ofSeconds(10)).until(() -> first.current().version() == 2);
    }

    @Test
    void aWsdlLargerThanOneZnodeIsRefusedSayingSo() {
        ZooKeeperCatalogStore store = catalogStore();

        assertThatThrownBy(() -> store.saveWsdl("0".repeat(64), new byte[2 * 1024 * 1024]))
                .isInstanceOf(IOException.class).hasMessageContaining("ZooKeeper znode");
    }

    private ActivePolicy policy(PolicyStore store) throws IOException {
        return ActivePolicy.open(store, new PolicyCompiler(SelectorRegistry.standard(), ComposerRegistry.standard()));
    }

    private static String document(String comment) {
        return "<policy xmlns=\"urn:sd:policy:1\"><!-- " + comment + " --></policy>";
    }

    private ClusterConnection connection() {
        return ZOOKEEPER.connection();
    }

    private ZooKeeperCatalogStore catalogStore() {
        return ZOOKEEPER.closeAfterTest(new ZooKeeperCatalogStore(connection()));
    }

    private ZooKeeperPolicyStore policyStore() {
        ZooKeeperPolicyStore store = new ZooKeeperPolicyStore(connection());
        ZOOKEEPER.closeAfterTest(store);
        return store;
    }

    /** A member that never hears of the others' changes, so its view is stale when it writes. */
    private record DeafCatalogStore(CatalogStore store) implements CatalogStore {
        @Override
        public StoredCatalog load() throws IOException {
            return store.load();
        }

        @Override
        public void save(StoredCatalog catalog) throws IOException {
            store.save(catalog);
        }

        @Override
        public void save(StoredCatalog before, StoredCatalog after) throws IOException {
            store.save(before, after);
        }

        @Override
        public void saveWsdl(String digest, byte[] wsdl) throws IOException {
            store.saveWsdl(digest, wsdl);
        }

        @Override
        public byte[] loadWsdl(String digest) throws IOException {
            return store.loadWsdl(digest);
        }
    }

    private record DeafPolicyStore(PolicyStore store) implements PolicyStore {
        @Override
        public Optional<StoredPolicy> latest() throws IOException {
            return store.latest();
        }

        @Override
        public Optional<StoredPolicy> find(long version) throws IOException {
            return store.find(version);
        }

        @Override
        public List<Long> versions() throws IOException {
            return store.versions();
        }

        @Override
        public void save(StoredPolicy policy) throws IOException {
            store.save(policy);
        }
    }
}
