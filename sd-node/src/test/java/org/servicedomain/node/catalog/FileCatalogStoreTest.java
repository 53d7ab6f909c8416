package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.instance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;

class FileCatalogStoreTest {

    private static final String DIGEST = "ab".repeat(32);

    @TempDir
    Path dataDir;

    @Test
    void loadsAnEmptyCatalogFromAFreshDirectory() throws IOException {
        CatalogStore.StoredCatalog loaded = new FileCatalogStore(dataDir).load();

        assertThat(loaded.ports()).isEmpty();
        assertThat(loaded.instances()).isEmpty();
    }

    @Test
    void loadsWhatWasSavedInOrderWithEveryField() throws IOException {
        CatalogStore.StoredPort port = new CatalogStore.StoredPort("StockQuotePortType", STOCK_QUOTE,
                new QName(STOCK_QUOTE.getNamespaceURI(), "StockQuoteSoapBinding"), DIGEST);
        Instance full = new Instance("q-1", "StockQuotePortType", STOCK_QUOTE, "http://q1.example/quotes",
                "http://q1.example/quotes?wsdl", DIGEST, Set.of("gold", "silver"), 1_200L, Map.of("region", "eu", "tier", "1"),
                InstanceState.STANDBY);
        Instance bare = instance("q-0");
        CatalogStore.StoredCatalog saved = new CatalogStore.StoredCatalog(List.of(port), List.of(full, bare));

        new FileCatalogStore(dataDir).save(saved);

        assertThat(new FileCatalogStore(dataDir).load()).isEqualTo(saved);
    }

    @Test
    void loadsACatalogWrittenWhenAnInstanceHadOneSupplierLevel() throws IOException {
        Files.writeString(dataDir.resolve("catalog.json"), """
                {"format": 1, "ports": [],
                 "instances": [{"id": "q-1", "virtualPort": "StockQuotePortType", "portType": "%s",
                                "endpointAddress": "http://q1.example/quotes", "supplierLevel": "gold",
                                "attributes": {}, "state": "operational"}]}
                """.formatted(STOCK_QUOTE));

        Instance loaded = new FileCatalogStore(dataDir).load().instances().get(0);

        assertThat(loaded.supplierLevels()).containsExactly("gold");
    }

    @Test
    void keepsWsdlsUnderTheirDigest() throws IOException {
        byte[] wsdl = "<definitions/>".getBytes(StandardCharsets.UTF_8);

        new FileCatalogStore(dataDir).saveWsdl(DIGEST, wsdl);

        assertThat(new FileCatalogStore(dataDir).loadWsdl(DIGEST)).isEqualTo(wsdl);
    }

    @Test
    void refusesAWsdlKeyThatIsNotADigest() {
        FileCatalogStore store = new FileCatalogStore(dataDir);

        assertThatThrownBy(() -> store.loadWsdl("../catalog")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> store.saveWsdl("../../etc/passwd", new byte[1]))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
