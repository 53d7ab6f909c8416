package org.servicedomain.node.engine.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.GET_HISTORY;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.QUOTES_ONLY_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.request;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.catalog.RegistrationRequest;
import org.servicedomain.node.core.CalledOperation;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.core.VirtualPort;

class CatalogLookupTest {

    @TempDir
    Path dataDir;

    @Test
    void offersOnlyTheOperationalInstancesOfTheRequestsPortInRegistrationOrder() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        String first = register(catalog, "http://first.example/quotes");
        String down = register(catalog, "http://down.example/quotes");
        String third = register(catalog, "http://third.example/quotes");
        catalog.update(down, new Catalog.InstanceUpdate(InstanceState.DOWN, null, null));
        RequestContext request = request(catalog.snapshot().port("StockQuotePortType").orElseThrow());

        assertThat(new CatalogLookup(catalog).candidates(request)).extracting(Instance::id)
                .containsExactly(first, third);
    }

    @Test
    void leavesOutInstancesHealthHasEjected() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        String first = register(catalog, "http://first.example/quotes");
        String ejected = register(catalog, "http://ejected.example/quotes");
        String third = register(catalog, "http://third.example/quotes");
        RequestContext request = request(catalog.snapshot().port("StockQuotePortType").orElseThrow());

        assertThat(new CatalogLookup(catalog, ejected::equals, () -> true).candidates(request)).extracting(Instance::id)
                .containsExactly(first, third);
    }

    @Test
    void offersEveryOperationalInstanceAgainWhenAllAreEjected() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        String first = register(catalog, "http://first.example/quotes");
        String second = register(catalog, "http://second.example/quotes");
        RequestContext request = request(catalog.snapshot().port("StockQuotePortType").orElseThrow());

        assertThat(new CatalogLookup(catalog, id -> true, () -> true).candidates(request)).extracting(Instance::id)
                .containsExactly(first, second);
    }

    @Test
    void offersAnInstanceInSeveralLevelsToARequestForAnyOfThem() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        String blueOnly = register(catalog, "http://a.example/blast", Set.of("ServerBlue"));
        String blueAndGreen = register(catalog, "http://b.example/blast", Set.of("ServerBlue", "ServerGreen"));
        String greenOnly = register(catalog, "http://c.example/blast", Set.of("ServerGreen"));
        CatalogLookup lookup = new CatalogLookup(catalog);
        RequestContext request = request(catalog.snapshot().port("StockQuotePortType").orElseThrow());

        assertThat(lookup.candidates(request, Set.of("ServerBlue"))).extracting(Instance::id)
                .containsExactly(blueOnly, blueAndGreen);
        assertThat(lookup.candidates(request, Set.of("ServerGreen"))).extracting(Instance::id)
                .containsExactly(blueAndGreen, greenOnly);
        assertThat(lookup.candidates(request, Set.of("ServerGreen", "ServerBlue"))).extracting(Instance::id)
                .containsExactly(blueOnly, blueAndGreen, greenOnly);
        assertThat(lookup.candidates(request, Set.of("ServerRed"))).isEmpty();
    }

    @Test
    void offersAnOperationOnlyToTheInstancesWhoseWsdlHasIt() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        String full = register(catalog, "http://full.example/quotes");
        String quotesOnly = catalog.register(registration(QUOTES_ONLY_WSDL, "http://quotes-only.example/quotes"))
                .get(0).instance().id();
        VirtualPort port = catalog.snapshot().port("StockQuotePortType").orElseThrow();
        RequestContext quote = request(port).withTag(CalledOperation.class, new CalledOperation("GetQuote", GET_QUOTE));
        RequestContext history = request(port).withTag(CalledOperation.class, new CalledOperation("GetHistory", GET_HISTORY));
        CatalogLookup lookup = new CatalogLookup(catalog);

        assertThat(lookup.candidates(quote)).extracting(Instance::id).containsExactly(full, quotesOnly);
        assertThat(lookup.candidates(history)).extracting(Instance::id).containsExactly(full);
        assertThat(lookup.candidates(history, null)).extracting(Instance::id).containsExactly(full);
        assertThat(new CatalogLookup(catalog, full::equals, () -> true).candidates(history)).extracting(Instance::id)
                .containsExactly(full);
    }

    private static String register(Catalog catalog, String endpoint, Set<String> levels) {
        RegistrationRequest plain = registration(SOAP11_WSDL, endpoint);
        return catalog.register(new RegistrationRequest(plain.wsdlLocation(), endpoint, null, levels, null, Map.of()))
                .get(0).instance().id();
    }

    private static String register(Catalog catalog, String endpoint) {
        return catalog.register(registration(SOAP11_WSDL, endpoint)).get(0).instance().id();
    }
}
