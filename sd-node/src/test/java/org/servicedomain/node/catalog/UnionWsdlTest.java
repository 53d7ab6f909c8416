package org.servicedomain.node.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.GET_QUOTE;
import static org.servicedomain.node.TestInstances.OTHER_QUOTES;
import static org.servicedomain.node.TestInstances.OTHER_QUOTES_WSDL;
import static org.servicedomain.node.TestInstances.SOAP11_WSDL;
import static org.servicedomain.node.TestInstances.STOCK_QUOTE;
import static org.servicedomain.node.TestInstances.registration;
import static org.servicedomain.node.TestInstances.unreachableWsdlSource;
import static org.servicedomain.node.TestInstances.wsdlSource;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.namespace.QName;
import javax.xml.transform.Source;
import javax.xml.transform.dom.DOMSource;
import javax.xml.transform.stream.StreamSource;
import javax.xml.validation.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.xml.SecureXml;
import org.w3c.dom.Document;
import org.xml.sax.SAXException;

/**
 * The WSDL of a virtual port that a placed port type joins with an operation of its own shows that
 * operation, its messages and the schema of its elements in their own namespace, and stays valid.
 */
class UnionWsdlTest {

    private static final String PORT = STOCK_QUOTE.getLocalPart();
    private static final QName GET_DIVIDEND = new QName(OTHER_QUOTES.getNamespaceURI(), "GetDividend");

    @TempDir
    Path dataDir;

    @Test
    void theOperationOnlyThePlacedPortTypeHasJoinsThePortsOperations() throws IOException {
        VirtualPort port = joined(Catalog.open(new FileCatalogStore(dataDir), wsdlSource()));

        assertThat(port.operationsByElement()).containsEntry(GET_DIVIDEND, "GetDividend").containsEntry(GET_QUOTE, "GetQuote");
        assertThat(port.soapActions()).containsEntry("GetDividend", "urn:example:otherquotes:dividend");
    }

    @Test
    void theUnionWsdlReadsBackWithTheJoinedOperationUnderItsOwnRequestElement() throws IOException {
        VirtualPort port = joined(Catalog.open(new FileCatalogStore(dataDir), wsdlSource()));

        ServiceDescription read = new ServiceDescriptionParser().parse(port.wsdlTemplate().getBytes(StandardCharsets.UTF_8),
                "union WSDL");

        PortTypeBinding binding = read.bindingFor(STOCK_QUOTE, null).orElseThrow();
        assertThat(binding.operationsByElement()).containsEntry(GET_DIVIDEND, "GetDividend")
                .containsEntry(GET_QUOTE, "GetQuote").hasSize(3);
        assertThat(binding.soapActions()).containsEntry("GetDividend", "urn:example:otherquotes:dividend");
    }

    @Test
    void theUnionWsdlsSchemasValidateARequestOfTheJoinedOperationAndRefuseAWrongOne() throws Exception {
        VirtualPort port = joined(Catalog.open(new FileCatalogStore(dataDir), wsdlSource()));
        Schema schema = schemaOf(port.wsdlTemplate());
        String ns = OTHER_QUOTES.getNamespaceURI();

        schema.newValidator().validate(new StreamSource(new StringReader(
                "<o:GetDividend xmlns:o='" + ns + "'><o:symbol>ACME</o:symbol></o:GetDividend>")));
        assertThatThrownBy(() -> schema.newValidator().validate(new StreamSource(new StringReader(
                "<o:GetDividend xmlns:o='" + ns + "'><o:ticker>ACME</o:ticker></o:GetDividend>"))))
                .isInstanceOf(SAXException.class);
    }

    @Test
    void whenTheLastPlacedInstanceLeavesTheJoinedOperationStaysInThePortButIsNotOffered() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        joined(catalog);

        catalog.unregister(placedInstance(catalog).id());

        CatalogSnapshot snapshot = catalog.snapshot();
        VirtualPort port = snapshot.port(PORT).orElseThrow();
        assertThat(port.operationsByElement()).containsEntry(GET_DIVIDEND, "GetDividend");
        assertThat(port.wsdlTemplate()).contains("GetDividend");
        assertThat(snapshot.offers(PORT, GET_DIVIDEND)).isFalse();
        assertThat(snapshot.offers(PORT, GET_QUOTE)).isTrue();
    }

    @Test
    void theJoinedOperationOfAPlacedPortTypeWithoutInstancesIsKeptAcrossARestart() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        joined(catalog);
        catalog.unregister(placedInstance(catalog).id());

        Catalog reopened = Catalog.open(new FileCatalogStore(dataDir), unreachableWsdlSource());

        VirtualPort port = reopened.snapshot().port(PORT).orElseThrow();
        assertThat(port.operationsByElement()).containsEntry(GET_DIVIDEND, "GetDividend");
        assertThat(port.wsdlTemplate()).contains("GetDividend");
    }

    @Test
    void whenThePlacementLeavesThePolicyTheJoinedOperationNoInstanceImplementsLeavesThePort() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        joined(catalog);
        catalog.unregister(placedInstance(catalog).id());

        catalog.place(Map.of());

        VirtualPort port = catalog.snapshot().port(PORT).orElseThrow();
        assertThat(port.operationsByElement()).doesNotContainKey(GET_DIVIDEND);
        assertThat(port.wsdlTemplate()).doesNotContain("GetDividend");
    }

    @Test
    void whileAPlacedInstanceImplementsTheJoinedOperationItStaysAfterThePlacementLeavesThePolicy() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        joined(catalog);

        catalog.place(Map.of());

        CatalogSnapshot snapshot = catalog.snapshot();
        assertThat(snapshot.port(PORT).orElseThrow().operationsByElement()).containsEntry(GET_DIVIDEND, "GetDividend");
        assertThat(snapshot.offers(PORT, GET_DIVIDEND)).isTrue();
    }

    @Test
    void theUnionWsdlIsBuiltWhenItIsFirstAskedForNotWhileTheSnapshotIsMade() throws IOException {
        Catalog catalog = Catalog.open(new FileCatalogStore(dataDir), wsdlSource());
        joined(catalog);
        CatalogSnapshot current = catalog.snapshot();
        AtomicInteger builds = new AtomicInteger();
        UnionWsdl counted = (port, contributing, extra) -> {
            builds.incrementAndGet();
            return port.wsdlTemplate();
        };

        CatalogSnapshot snapshot = CatalogSnapshot.of(current.ports().stream()
                .map(p -> current.filedPort(p.name()).orElseThrow()).toList(), current.instances(),
                Map.of(PORT, current.placedTypesOf(PORT)), counted);

        assertThat(builds).hasValue(0);
        snapshot.port(PORT).orElseThrow().wsdlTemplate();
        snapshot.port(PORT).orElseThrow().wsdlTemplate();
        assertThat(builds).hasValue(1);
    }

    private static Instance placedInstance(Catalog catalog) {
        return catalog.snapshot().instancesOf(PORT).stream()
                .filter(i -> i.portType().equals(OTHER_QUOTES)).findFirst().orElseThrow();
    }

    private static VirtualPort joined(Catalog catalog) {
        catalog.register(registration(SOAP11_WSDL, "http://full.example/quotes"));
        catalog.place(Map.of(OTHER_QUOTES, PORT));
        catalog.register(registration(OTHER_QUOTES_WSDL));
        return catalog.snapshot().port(PORT).orElseThrow();
    }

    private static Schema schemaOf(String wsdl) throws Exception {
        Document document = SecureXml.documentBuilder().parse(new java.io.ByteArrayInputStream(
                wsdl.getBytes(StandardCharsets.UTF_8)));
        List<Source> sources = RequestShapes.schemas(document).stream().map(s -> (Source) new DOMSource(s)).toList();
        assertThat(sources).hasSizeGreaterThanOrEqualTo(2);
        return SecureXml.schemaFactory().newSchema(sources.toArray(Source[]::new));
    }
}
