package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.GET_HISTORY;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.MARKET_STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.NEWS;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.unreachableWsdlSource;
import static org.servicedomain.node.TestInstances.wsdlLocation;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.VirtualPort;

/**
 * A port type the policy places into another's virtual port: its registrations join that port, its
 * instances already filed move in when the placement is taken in, and a port type that shares no
 * operation, or has the port's own port type, is refused.
 */
class CatalogPlacementTest {

    private static final String PORT = STOCK_QUOTE.getLocalPart();
    private static final QName MARKET_GET_QUOTE = new QName(MARKET_STOCK_QUOTE.getNamespaceURI(), "GetQuote");

    @TempDir
    Path dataDir;

    @Test
    void aRegistrationOfAPlacedPortTypeJoinsTheVirtualPortItIsPlacedInto() throws IOException {
        Catalog catalog = stockQuotePort();
        catalog.place(Map.of(MARKET_STOCK_QUOTE, PORT));

        Instance market = registerMarketQuotes(catalog);

        assertThat(market.virtualPort()).isEqualTo(PORT);
        assertThat(market.portType()).isEqualTo(MARKET_STOCK_QUOTE);
        assertThat(catalog.snapshot().ports()).extracting(VirtualPort::name).containsExactly(PORT);
    }

    @Test
    void aPlacedInstanceImplementsTheSharedOperationUnderItsOwnNamespace() throws IOException {
        Catalog catalog = stockQuotePort();
        catalog.place(Map.of(MARKET_STOCK_QUOTE, PORT));
        Instance market = registerMarketQuotes(catalog);
        CatalogSnapshot snapshot = catalog.snapshot();

        PlacedInstance placement = snapshot.placement(market.id());
        assertThat(placement.elements()).containsEntry(GET_QUOTE, MARKET_GET_QUOTE);
        assertThat(placement.toInstance()).containsEntry(GET_QUOTE.getNamespaceURI(), MARKET_GET_QUOTE.getNamespaceURI());
        assertThat(placement.toPort()).containsEntry(MARKET_GET_QUOTE.getNamespaceURI(), GET_QUOTE.getNamespaceURI());
        assertThat(placement.soapActions()).containsKey(GET_QUOTE);
        assertThat(snapshot.implementsInPort(market, GET_QUOTE)).isTrue();
        assertThat(snapshot.implementsInPort(market, GET_HISTORY)).isFalse();
        assertThat(snapshot.operationalInstancesOf(PORT, null, GET_HISTORY)).doesNotContain(market);
        assertThat(snapshot.operationalInstancesOf(PORT, null, GET_QUOTE)).contains(market);
    }

    @Test
    void anInstanceOfThePortsOwnPortTypeNeedsNoPlacement() throws IOException {
        Catalog catalog = stockQuotePort();
        Instance own = catalog.snapshot().instancesOf(PORT).get(0);

        assertThat(catalog.snapshot().placement(own.id())).isNull();
    }

    @Test
    void instancesFiledUnderTheirOwnPortMoveInWhenThePlacementIsTakenInAndTheEmptyPortGoes() throws IOException {
        Catalog catalog = stockQuotePort();
        Instance market = registerMarketQuotes(catalog);
        String ownPort = market.virtualPort();
        assertThat(ownPort).isNotEqualTo(PORT);
        List<String> removed = new ArrayList<>();
        catalog.onPortRemoved(removed::add);

        catalog.place(Map.of(MARKET_STOCK_QUOTE, PORT));

        assertThat(catalog.snapshot().instance(market.id()).orElseThrow().virtualPort()).isEqualTo(PORT);
        assertThat(catalog.snapshot().port(ownPort)).isEmpty();
        assertThat(removed).containsExactly(ownPort);
    }

    @Test
    void aMoveIsDurable() throws IOException {
        Catalog catalog = stockQuotePort();
        Instance market = registerMarketQuotes(catalog);
        catalog.place(Map.of(MARKET_STOCK_QUOTE, PORT));

        Catalog reopened = Catalog.open(new FileCatalogStore(dataDir), unreachableWsdlSource());

        assertThat(reopened.snapshot().instance(market.id()).orElseThrow().virtualPort()).isEqualTo(PORT);
        assertThat(reopened.snapshot().placement(market.id()).toInstance()).isNotEmpty();
    }

    @Test
    void refusesToPlaceAPortTypeThatSharesNoOperationWithThePort() throws IOException {
        Catalog catalog = stockQuotePort();
        catalog.place(Map.of(NEWS, PORT));

        assertThatThrownBy(() -> catalog.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL),
                "http://news.example/", NEWS, null, null, Map.of())))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.BadRequest))
                .hasMessageContaining(NEWS.toString()).hasMessageContaining("shares none of its operations");
        assertThat(catalog.snapshot().instances()).hasSize(1);
    }

    @Test
    void thePlacementCheckRefusesThePortsOwnPortTypeAndAPortTypeOfAnotherPortWithoutSharedOperations() throws IOException {
        Catalog catalog = stockQuotePort();
        catalog.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL), "http://news.example/", NEWS,
                null, null, Map.of()));

        assertThatThrownBy(() -> catalog.checkPlacement(STOCK_QUOTE, PORT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("own");
        assertThatThrownBy(() -> catalog.checkPlacement(NEWS, PORT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("shares none");
        assertThatThrownBy(() -> catalog.checkPlacement(MARKET_STOCK_QUOTE, "NoSuchPort"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("NoSuchPort");
        catalog.checkPlacement(MARKET_STOCK_QUOTE, PORT);
    }

    @Test
    void placementsDoNotChainThroughAPortThatIsPlacedOrAPortTypeWhosePortTakesOthers() throws IOException {
        Catalog catalog = stockQuotePort();
        Instance market = registerMarketQuotes(catalog);
        String marketPort = market.virtualPort();

        assertThatThrownBy(() -> catalog.checkPlacement(MARKET_STOCK_QUOTE, PORT,
                Map.of(MARKET_STOCK_QUOTE, PORT, STOCK_QUOTE, marketPort)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not chain")
                .hasMessageContaining(STOCK_QUOTE.toString());
        assertThatThrownBy(() -> catalog.checkPlacement(STOCK_QUOTE, marketPort,
                Map.of(MARKET_STOCK_QUOTE, PORT, STOCK_QUOTE, marketPort)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("do not chain")
                .hasMessageContaining(marketPort);
        catalog.checkPlacement(MARKET_STOCK_QUOTE, PORT, Map.of(MARKET_STOCK_QUOTE, PORT));
    }

    @Test
    void aPortTypeWhosePlacementIsWithdrawnGetsAPortOfItsOwnAgainAtItsNextRegistration() throws IOException {
        Catalog catalog = stockQuotePort();
        catalog.place(Map.of(MARKET_STOCK_QUOTE, PORT));
        registerMarketQuotes(catalog);
        catalog.place(Map.of());

        Instance again = catalog.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL),
                "http://market-two.example/", MARKET_STOCK_QUOTE, null, null, Map.of())).get(0).instance();

        assertThat(again.virtualPort()).isNotEqualTo(PORT);
    }

    private Catalog stockQuotePort() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        catalog.register(registration(SOAP11_WSDL, "http://full.example/quotes"));
        return catalog;
    }

    private static Instance registerMarketQuotes(Catalog catalog) {
        return catalog.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL), "http://market.example/",
                MARKET_STOCK_QUOTE, null, null, Map.of())).get(0).instance();
    }
}
