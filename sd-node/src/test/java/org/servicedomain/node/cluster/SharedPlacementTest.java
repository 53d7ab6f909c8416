package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.servicedomain.node.TestInstances.MARKET_STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdlLocation;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.core.Instance;

/**
 * A placement taken in by the members of a cluster: the move of a placed port type's instances into
 * the port is one ZooKeeper transaction, every member serves it, and members that take the same
 * placement in at once make the move once.
 */
class SharedPlacementTest {

    @RegisterExtension
    static final OneZooKeeper ZOOKEEPER = new OneZooKeeper("placement");

    private static final String PORT = STOCK_QUOTE.getLocalPart();

    @Test
    void aMoveOneMemberMakesIsWhatEveryMemberServesAndWhatAJoiningMemberLoads() throws IOException {
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        Catalog second = Catalog.open(catalogStore(), wsdlSource());
        first.register(registration(SOAP11_WSDL, "http://provider.example/a"));
        Instance market = first.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL),
                "http://provider.example/market", MARKET_STOCK_QUOTE, null, null, Map.of())).get(0).instance();
        String ownPort = market.virtualPort();

        first.place(Map.of(MARKET_STOCK_QUOTE, PORT));

        await().atMost(Duration.ofSeconds(10)).until(() -> second.snapshot().port(ownPort).isEmpty());
        assertThat(second.snapshot().instance(market.id()).orElseThrow().virtualPort()).isEqualTo(PORT);
        assertThat(second.snapshot().placement(market.id())).isNotNull();
        Catalog joining = Catalog.open(catalogStore(), wsdlSource());
        assertThat(joining.snapshot().instancesOf(PORT)).extracting(Instance::id).contains(market.id());
        assertThat(joining.snapshot().port(ownPort)).isEmpty();
    }

    @Test
    void membersTakingThePlacementInAtOnceMoveTheInstancesOnce() throws IOException {
        Catalog first = Catalog.open(catalogStore(), wsdlSource());
        Catalog second = Catalog.open(catalogStore(), wsdlSource());
        first.register(registration(SOAP11_WSDL, "http://provider.example/a"));
        Instance market = first.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL),
                "http://provider.example/market", MARKET_STOCK_QUOTE, null, null, Map.of())).get(0).instance();
        await().atMost(Duration.ofSeconds(10)).until(() -> second.snapshot().instance(market.id()).isPresent());

        first.place(Map.of(MARKET_STOCK_QUOTE, PORT));
        second.place(Map.of(MARKET_STOCK_QUOTE, PORT));

        Catalog joining = Catalog.open(catalogStore(), wsdlSource());
        assertThat(joining.snapshot().instancesOf(PORT)).extracting(Instance::id).containsOnlyOnce(market.id());
        assertThat(joining.snapshot().instances()).hasSize(2);
        assertThat(joining.snapshot().ports()).hasSize(1);
    }

    private static ZooKeeperCatalogStore catalogStore() {
        return ZOOKEEPER.closeAfterTest(new ZooKeeperCatalogStore(ZOOKEEPER.connection()));
    }
}
