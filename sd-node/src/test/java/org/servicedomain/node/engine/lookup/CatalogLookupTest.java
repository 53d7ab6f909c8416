package org.servicedomain.node.engine.lookup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.request;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.core.RequestContext;

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

    private static String register(Catalog catalog, String endpoint) {
        return catalog.register(registration(SOAP11_WSDL, endpoint)).get(0).instance().id();
    }
}
