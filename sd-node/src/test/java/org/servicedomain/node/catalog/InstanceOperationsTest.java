package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.GET_HISTORY;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.QUOTES_ONLY_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.unreachableWsdlSource;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.Instance;

/**
 * Each instance records the operations of the WSDL it registered with, keeps them across a restart,
 * and an instance filed before instances recorded them counts as implementing all of its port's.
 */
class InstanceOperationsTest {

    @TempDir
    Path dataDir;

    @Test
    void recordsTheOperationsOfTheWsdlEachInstanceRegisteredWith() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        Instance full = register(catalog, SOAP11_WSDL, "http://full.example/quotes");
        Instance quotesOnly = register(catalog, QUOTES_ONLY_WSDL, "http://quotes-only.example/quotes");

        assertThat(quotesOnly.virtualPort()).isEqualTo(full.virtualPort());
        assertThat(full.operations()).isEqualTo(Map.of(GET_QUOTE, "GetQuote", GET_HISTORY, "GetHistory"));
        assertThat(quotesOnly.operations()).isEqualTo(Map.of(GET_QUOTE, "GetQuote"));
        assertThat(quotesOnly.implementsOperation(GET_HISTORY)).isFalse();
        assertThat(catalog.snapshot().offers(full.virtualPort(), GET_HISTORY)).isTrue();
    }

    @Test
    void aPortWhoseOnlyInstanceLacksAnOperationDoesNotOfferIt() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        Instance full = register(catalog, SOAP11_WSDL, "http://full.example/quotes");
        register(catalog, QUOTES_ONLY_WSDL, "http://quotes-only.example/quotes");

        catalog.unregister(full.id());

        assertThat(catalog.snapshot().offers(full.virtualPort(), GET_HISTORY)).isFalse();
        assertThat(catalog.snapshot().offers(full.virtualPort(), GET_QUOTE)).isTrue();
    }

    @Test
    void keepsEachInstancesOperationsAcrossARestart() throws IOException {
        Catalog before = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        Instance quotesOnly = register(before, QUOTES_ONLY_WSDL, "http://quotes-only.example/quotes");
        register(before, SOAP11_WSDL, "http://full.example/quotes");

        Catalog after = Catalog.open(new FileCatalogStore(dataDir), unreachableWsdlSource());

        assertThat(after.snapshot().instance(quotesOnly.id()).orElseThrow().operations())
                .isEqualTo(Map.of(GET_QUOTE, "GetQuote"));
        assertThat(after.snapshot().instances()).containsExactlyElementsOf(before.snapshot().instances());
    }

    @Test
    void anInstanceFiledBeforeInstancesRecordedOperationsImplementsEveryOperationOfItsPort() throws IOException {
        Catalog before = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        Instance filed = register(before, QUOTES_ONLY_WSDL, "http://quotes-only.example/quotes");
        Path file = dataDir.resolve("catalog.json");
        String written = Files.readString(file, StandardCharsets.UTF_8);
        String older = written.replaceAll(",\\s*\"operations\"\\s*:\\s*\\[[^\\]]*\\]", "");
        assertThat(older).isNotEqualTo(written).doesNotContain("operations");
        Files.writeString(file, older, StandardCharsets.UTF_8);

        Catalog after = Catalog.open(new FileCatalogStore(dataDir), unreachableWsdlSource());

        Instance read = after.snapshot().instance(filed.id()).orElseThrow();
        assertThat(read.operations()).isNull();
        assertThat(read.implementsOperation(GET_HISTORY)).isTrue();
        assertThat(after.snapshot().offers(filed.virtualPort(), GET_HISTORY)).isTrue();
    }

    private static Instance register(Catalog catalog, String wsdl, String endpoint) {
        return catalog.register(registration(wsdl, endpoint)).get(0).instance();
    }
}
