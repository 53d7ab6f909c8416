package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.servicedomain.node.TestInstances.MARKET_STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.NEWS;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.SOAP12_WSDL;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.TWO_PORT_TYPES_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.wsdl;
import static org.servicedomain.node.TestInstances.wsdlLocation;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceName;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.core.SoapVersion;
import org.servicedomain.node.core.VirtualPort;

class CatalogRegistrationTest {

    @TempDir
    Path dataDir;

    private Catalog catalog;

    @BeforeEach
    void openEmptyCatalog() throws IOException {
        catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
    }

    @Test
    void filesOneInstancePerBoundPortTypeAndCreatesTheirVirtualPorts() {
        List<Catalog.Registered> registered = catalog.register(registration(TWO_PORT_TYPES_WSDL));

        assertThat(registered).extracting(r -> r.instance().portType()).containsExactly(MARKET_STOCK_QUOTE, NEWS);
        assertThat(catalog.snapshot().ports()).extracting(VirtualPort::name)
                .containsExactlyInAnyOrder("StockQuotePortType", "NewsPortType");
        Instance news = catalog.snapshot().instancesOf("NewsPortType").get(0);
        assertThat(news.endpointAddress()).isEqualTo("http://provider-d.example/market/news");
        assertThat(news.isOperational()).isTrue();
        assertThat(catalog.snapshot().port("NewsPortType").orElseThrow()
                .operationFor(new QName("urn:example:market", "HeadlinesRequest"))).contains("GetHeadlines");
    }

    @Test
    void filesTheNameOfTheWsdlServiceEachInstanceWasFoundIn() {
        catalog.register(registration(TWO_PORT_TYPES_WSDL, Map.of(InstanceName.WSDL_SERVICE, "Forged")));

        assertThat(catalog.snapshot().instances()).extracting(i -> i.attributes().get(InstanceName.WSDL_SERVICE))
                .containsExactly("MarketService", "MarketService");
    }

    @Test
    void filesOnlyThePortTypeTheRequestNames() {
        catalog.register(new RegistrationRequest(wsdlLocation(TWO_PORT_TYPES_WSDL), null, NEWS, Set.of("gold"), 2_000L,
                Map.of()));

        assertThat(catalog.snapshot().instances()).singleElement().satisfies(instance -> {
            assertThat(instance.portType()).isEqualTo(NEWS);
            assertThat(instance.supplierLevels()).containsExactly("gold");
            assertThat(instance.timeoutMs()).isEqualTo(2_000L);
        });
    }

    @Test
    void updatesTheInstanceWhenTheSameEndpointRegistersAgain() {
        Instance first = catalog.register(registration(SOAP11_WSDL, Map.of("region", "eu"))).get(0).instance();

        Instance second = catalog.register(registration(SOAP11_WSDL, Map.of("region", "us"))).get(0).instance();

        assertThat(second.id()).isEqualTo(first.id());
        assertThat(catalog.snapshot().instances()).singleElement()
                .extracting(Instance::attributes).isEqualTo(Map.of("region", "us", InstanceName.WSDL_SERVICE, "StockQuoteService"));
    }

    @Test
    void anotherSpellingOfTheSameEndpointResolvesToTheSameInstance() {
        Instance first = catalog.register(registration(SOAP11_WSDL)).get(0).instance();

        Instance second = catalog.register(registration(SOAP11_WSDL, "HTTP://Provider-A.example:80/x/../stockquote#f"))
                .get(0).instance();

        assertThat(second.id()).isEqualTo(first.id());
        assertThat(catalog.snapshot().instances()).hasSize(1);
    }

    @Test
    void aClaimThatRefusesTheResolvedInstanceLeavesTheCatalogAsItWas() {
        Instance first = catalog.register(registration(SOAP11_WSDL, Map.of("owner", "alice"))).get(0).instance();

        NodeFault refused = catchThrowableOfType(NodeFault.class, () -> catalog.register(
                registration(SOAP11_WSDL, Map.of("owner", "bob")), (existing, requested) -> {
                    if (existing != null) {
                        throw new NodeFault(FaultCode.NotAuthorized, "not yours");
                    }
                    return requested;
                }));

        assertThat(refused.code()).isEqualTo(FaultCode.NotAuthorized);
        assertThat(catalog.snapshot().instances()).singleElement().isEqualTo(first);
    }

    @Test
    void addsASecondInstanceForAnotherEndpointOfTheSamePortType() {
        catalog.register(registration(SOAP11_WSDL));
        catalog.register(registration(SOAP11_WSDL, "http://provider-z.example/stockquote"));

        assertThat(catalog.snapshot().ports()).hasSize(1);
        assertThat(catalog.snapshot().instancesOf("StockQuotePortType")).extracting(Instance::endpointAddress)
                .containsExactly("http://provider-a.example/stockquote", "http://provider-z.example/stockquote");
    }

    @Test
    void givesAClashingPortTypeNameFromAnotherNamespaceAUniqueName() {
        catalog.register(registration(SOAP11_WSDL));

        catalog.register(registration(TWO_PORT_TYPES_WSDL));

        assertThat(catalog.snapshot().portFor(STOCK_QUOTE).orElseThrow().name()).isEqualTo("StockQuotePortType");
        assertThat(catalog.snapshot().portFor(MARKET_STOCK_QUOTE).orElseThrow().name()).isEqualTo("StockQuotePortType2");
    }

    @Test
    void unregisteringTellsTheListenersOnceTheInstanceIsGone() {
        String gone = catalog.register(registration(SOAP11_WSDL)).get(0).instance().id();
        List<String> heard = new ArrayList<>();
        catalog.onUnregister(instance -> {
            assertThat(catalog.snapshot().instance(instance.id())).isEmpty();
            heard.add(instance.id());
        });

        catalog.unregister(gone);

        assertThat(heard).containsExactly(gone);
    }

    @Test
    void unregisterRemovesTheInstance() {
        Instance instance = catalog.register(registration(SOAP11_WSDL)).get(0).instance();

        Instance removed = catalog.unregister(instance.id());

        assertThat(removed.id()).isEqualTo(instance.id());
        assertThat(catalog.snapshot().instance(instance.id())).isEmpty();
        assertThat(catalog.snapshot().instancesOf("StockQuotePortType")).isEmpty();
    }

    @Test
    void refusesUnknownInstanceIds() {
        NodeFault onUnregister = catchThrowableOfType(NodeFault.class, () -> catalog.unregister("no-such-id"));
        NodeFault onUpdate = catchThrowableOfType(NodeFault.class, () -> catalog.update("no-such-id",
                new Catalog.InstanceUpdate(InstanceState.DOWN, null, null)));

        assertThat(onUnregister.code()).isEqualTo(FaultCode.UnknownInstance);
        assertThat(onUpdate.code()).isEqualTo(FaultCode.UnknownInstance);
    }

    @Test
    void updateMergesAttributeChangesAndAnEmptyValueRemovesOne() {
        String id = catalog.register(registration(SOAP11_WSDL, Map.of("region", "eu", "tier", "gold")))
                .get(0).instance().id();

        Instance updated = catalog.update(id,
                new Catalog.InstanceUpdate(InstanceState.STANDBY, 750L, Map.of("tier", "", "owner", "acme")));

        assertThat(updated.attributes()).isEqualTo(Map.of("region", "eu", "owner", "acme", InstanceName.WSDL_SERVICE, "StockQuoteService"));
        assertThat(updated.state()).isEqualTo(InstanceState.STANDBY);
        assertThat(updated.timeoutMs()).isEqualTo(750L);
        assertThat(catalog.snapshot().instance(id)).contains(updated);
        assertThat(catalog.snapshot().operationalInstancesOf("StockQuotePortType")).isEmpty();
    }

    @Test
    void refusesASoap12OnlyBindingForASoap11VirtualPort() {
        catalog.register(registration(SOAP11_WSDL));

        NodeFault fault = catchThrowableOfType(NodeFault.class, () -> catalog.register(registration(SOAP12_WSDL)));

        assertThat(fault.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(catalog.snapshot().instances()).hasSize(1);
        assertThat(catalog.snapshot().port("StockQuotePortType").orElseThrow().soapVersion())
                .isEqualTo(SoapVersion.SOAP_11);
    }

    @Test
    void refusesAnEndpointThatIsNotAnHttpUrl() {
        NodeFault fault = catchThrowableOfType(NodeFault.class,
                () -> catalog.register(registration(SOAP11_WSDL, "ftp://provider.example/stockquote")));

        assertThat(fault.code()).isEqualTo(FaultCode.BadRequest);
        assertThat(catalog.snapshot().instances()).isEmpty();
    }

    @Test
    void aRefusedRegistrationKeepsNoCopyOfItsWsdl() {
        catalog.register(registration(SOAP11_WSDL));

        catchThrowableOfType(NodeFault.class, () -> catalog.register(registration(SOAP12_WSDL)));

        assertThat(storedWsdls()).containsExactly(RegistrationFiling.sha256(wsdl(SOAP11_WSDL)));
    }

    @Test
    void aRefusedRegistrationLeavesTheWsdlTheCatalogAlreadyRefersTo() {
        catalog.register(registration(SOAP11_WSDL));

        catchThrowableOfType(NodeFault.class,
                () -> catalog.register(registration(SOAP11_WSDL, "ftp://provider.example/stockquote")));

        assertThat(storedWsdls()).containsExactly(RegistrationFiling.sha256(wsdl(SOAP11_WSDL)));
    }

    /** The digests of the WSDLs the catalog's store keeps. */
    private List<String> storedWsdls() {
        try (Stream<Path> files = Files.list(dataDir.resolve("wsdl"))) {
            return files.map(f -> f.getFileName().toString().replaceFirst("\\.wsdl$", "")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
