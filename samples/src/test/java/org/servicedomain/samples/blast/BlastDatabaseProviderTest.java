package org.servicedomain.samples.blast;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Wsdls;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.LaunchedProvider;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/** BLAST with one port type per database: blast-blue, blast-green and blast-red each search only their own. */
class BlastDatabaseProviderTest {

    private static final String NS = BlastPortType.NAMESPACE;

    private final SoapHttp http = new SoapHttp();
    @RegisterExtension
    final LaunchedProvider launched = new LaunchedProvider();
    private SampleProvider provider;


    private SampleProvider launch(ProviderOptions options) {
        provider = launched.launch(options);
        return provider;
    }

    private static String search(String sequence) {
        return "<b:search xmlns:b='" + NS + "'><b:sequence>" + sequence + "</b:sequence></b:search>";
    }

    @ParameterizedTest(name = "{0} searches {1}")
    @CsvSource({"BLAST_BLUE, database1", "BLAST_GREEN, database2", "BLAST_RED, database3"})
    void eachPerDatabaseProviderAnswersSearchFromItsOwnDatabaseAndNamesItself(SampleService service, String database)
            throws Exception {
        launch(ProviderOptions.of(service, "solo-" + database));

        HttpResponse<String> response = http.post11(provider.address(), BlastDatabasePortType.SEARCH_ACTION,
                search("ACGT"));

        assertThat(response.statusCode()).isEqualTo(200);
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(NS, "searchResponse")).isNotNull();
        assertThat(answer.text(NS, "hits")).contains("ACGT").contains(database);
        assertThat(answer.text(NS, "database")).isEqualTo(database);
        assertThat(answer.text(NS, "provider")).isEqualTo("solo-" + database);
        assertThat(provider.options().databases()).containsExactly(database);
        assertThat(provider.requestsServed()).isEqualTo(1);
    }

    @Test
    void perDatabaseSearchFindsTheSameHitsAsRunOnThatDatabase() throws Exception {
        launch(ProviderOptions.of(SampleService.BLAST_GREEN, "green-only"));
        String viaSearch = Xml.parse(http.post11(provider.address(), BlastDatabasePortType.SEARCH_ACTION,
                search("GATTACA")).body()).text(NS, "hits");
        provider.stop();

        launch(ProviderOptions.of(SampleService.BLAST, "all-databases"));
        String viaRun = Xml.parse(http.post11(provider.address(), BlastPortType.RUN_ACTION, "<b:run xmlns:b='" + NS
                + "'><b:sequence>GATTACA</b:sequence><b:database>database2</b:database></b:run>").body()).text(NS, "hits");

        assertThat(viaSearch).isEqualTo(viaRun);
    }

    @Test
    void perDatabaseProviderAnswersSearchOverSoap12Too() throws Exception {
        launch(ProviderOptions.builder(SampleService.BLAST_RED, "red-12").soap12(true).build());

        HttpResponse<String> response = http.post12(provider.address(), BlastDatabasePortType.SEARCH_ACTION,
                search("ACGT"));

        assertThat(response.statusCode()).isEqualTo(200);
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(SoapHttp.SOAP12_NS, "Envelope")).isNotNull();
        assertThat(answer.text(NS, "database")).isEqualTo("database3");
        assertThat(answer.text(NS, "provider")).isEqualTo("red-12");
    }

    @ParameterizedTest(name = "{0} is {2}")
    @CsvSource({
        "BLAST_BLUE, blast-blue, BlastBluePortType, BlastBlueService, BlastBluePort",
        "BLAST_GREEN, blast-green, BlastGreenPortType, BlastGreenService, BlastGreenPort",
        "BLAST_RED, blast-red, BlastRedPortType, BlastRedService, BlastRedPort"})
    void wsdlIsSelfContainedAndNamesItsOwnPortTypeServiceAndPort(SampleService service, String path, String portType,
                                                                   String serviceName, String portName) throws Exception {
        launch(ProviderOptions.of(service, "w-" + path));
        assertThat(provider.address().getPath()).isEqualTo("/" + path);

        String body = http.get(provider.wsdlAddress()).body();

        Xml wsdl = Wsdls.assertSelfContained(body, provider.address(), Wsdls.SOAP11_BINDING_NS);
        assertThat(wsdl.root().getAttribute("targetNamespace")).isEqualTo(NS);
        assertThat(wsdl.count(Wsdls.WSDL_NS, "portType")).isEqualTo(1);
        assertThat(wsdl.element(Wsdls.WSDL_NS, "portType").getAttribute("name")).isEqualTo(portType);
        assertThat(wsdl.element(Wsdls.WSDL_NS, "service").getAttribute("name")).isEqualTo(serviceName);
        assertThat(wsdl.element(Wsdls.WSDL_NS, "port").getAttribute("name")).isEqualTo(portName);
        assertThat(Wsdls.soapActions(wsdl, Wsdls.SOAP11_BINDING_NS)).containsExactly("search=urn:sd:samples:blast#search");
        assertThat(globalElements(wsdl)).as("only the search elements, none of BlastPortType's")
                .containsExactlyInAnyOrder("search", "searchResponse");
        assertThat(body).doesNotContain("nillable");
    }

    @Test
    void eachPerDatabasePortTypeAndServiceHoldsExactlyOneDatabase() {
        assertThat(BlastDatabases.BY_PORT_TYPE).hasSize(3).containsEntry("BlastBluePortType", "database1")
                .containsEntry("BlastGreenPortType", "database2").containsEntry("BlastRedPortType", "database3");
        assertThat(SampleService.BLAST_BLUE.soleDatabase()).contains("database1");
        assertThat(SampleService.BLAST_GREEN.soleDatabase()).contains("database2");
        assertThat(SampleService.BLAST_RED.soleDatabase()).contains("database3");
        assertThat(SampleService.BLAST.soleDatabase()).isEmpty();
    }

    /** Names of the top-level {@code xsd:element}s of the WSDL's one inline schema. */
    private static List<String> globalElements(Xml wsdl) {
        List<String> names = new ArrayList<>();
        Element schema = wsdl.element(Wsdls.XSD_NS, "schema");
        for (Node n = schema.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && Wsdls.XSD_NS.equals(e.getNamespaceURI())
                    && "element".equals(e.getLocalName())) {
                names.add(e.getAttribute("name"));
            }
        }
        return names;
    }
}
