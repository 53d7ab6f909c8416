package org.servicedomain.samples.blast;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.SoapHttp;
import org.servicedomain.samples.Wsdls;
import org.servicedomain.samples.Xml;
import org.servicedomain.samples.LaunchedProvider;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;

class BlastProviderTest {

    private static final String NS = BlastPortType.NAMESPACE;

    private final SoapHttp http = new SoapHttp();
    @RegisterExtension
    final LaunchedProvider launched = new LaunchedProvider();
    private SampleProvider provider;


    private SampleProvider launch(String name, String... databases) {
        provider = launched.launch(ProviderOptions.builder(SampleService.BLAST, name)
                .databases(List.of(databases)).build());
        return provider;
    }

    private HttpResponse<String> run(String sequence, String database) throws Exception {
        return http.post11(provider.address(), BlastPortType.RUN_ACTION, "<b:run xmlns:b='" + NS + "'><b:sequence>"
                + sequence + "</b:sequence><b:database>" + database + "</b:database></b:run>");
    }

    private HttpResponse<String> runColoured(String operation, String action) throws Exception {
        return http.post11(provider.address(), action,
                "<b:" + operation + " xmlns:b='" + NS + "'><b:sequence>ACGT</b:sequence></b:" + operation + ">");
    }

    @Test
    void runSearchesAHeldDatabaseAndNamesTheProvider() throws Exception {
        launch("blast-a", "database1", "database2");

        HttpResponse<String> response = run("ACGT", "database2");

        assertThat(response.statusCode()).isEqualTo(200);
        Xml answer = Xml.parse(response.body());
        assertThat(answer.element(NS, "runResponse")).isNotNull();
        assertThat(answer.text(NS, "hits")).contains("ACGT").contains("database2");
        assertThat(answer.text(NS, "database")).isEqualTo("database2");
        assertThat(answer.text(NS, "provider")).isEqualTo("blast-a");
    }

    @Test
    void colouredOperationsSearchDatabasesOneTwoAndThree() throws Exception {
        launch("blast-all");

        assertThat(Xml.parse(runColoured("runBlue", BlastPortType.RUN_BLUE_ACTION).body()).text(NS, "database"))
                .isEqualTo("database1");
        assertThat(Xml.parse(runColoured("runGreen", BlastPortType.RUN_GREEN_ACTION).body()).text(NS, "database"))
                .isEqualTo("database2");
        Xml red = Xml.parse(runColoured("runRed", BlastPortType.RUN_RED_ACTION).body());
        assertThat(red.element(NS, "runRedResponse")).isNotNull();
        assertThat(red.text(NS, "database")).isEqualTo("database3");
        assertThat(BlastDatabases.BY_OPERATION).containsEntry("runBlue", "database1")
                .containsEntry("runGreen", "database2").containsEntry("runRed", "database3");
    }

    @Test
    void databaseNotHeldIsRefusedWithTheProvidersSoapFault() throws Exception {
        launch("blast-b", "database1");

        HttpResponse<String> response = run("ACGT", "database2");

        assertThat(response.statusCode()).isEqualTo(500);
        Xml fault = Xml.parse(response.body());
        assertThat(fault.element(SoapHttp.SOAP11_NS, "Fault")).isNotNull();
        assertThat(fault.text("", "faultstring")).isEqualTo("database database2 not held by provider blast-b");
        assertThat(fault.element(NS, "databaseNotHeld")).isNotNull();
        assertThat(fault.text(NS, "database")).isEqualTo("database2");
        assertThat(fault.text(NS, "provider")).isEqualTo("blast-b");
        assertThat(provider.requestsServed()).as("a business fault is the service's own answer").isEqualTo(1);
    }

    @Test
    void colouredOperationOnAProviderWithoutItsDatabaseFaults() throws Exception {
        launch("blast-c", "database1", "database2");

        HttpResponse<String> response = runColoured("runRed", BlastPortType.RUN_RED_ACTION);

        assertThat(response.statusCode()).isEqualTo(500);
        assertThat(Xml.parse(response.body()).text("", "faultstring"))
                .isEqualTo("database database3 not held by provider blast-c");
    }

    @Test
    void wsdlIsSelfContainedAndDeclaresTheBusinessFault() throws Exception {
        launch("blast-w");

        String body = http.get(provider.wsdlAddress()).body();

        Xml wsdl = Wsdls.assertSelfContained(body, provider.address(), Wsdls.SOAP11_BINDING_NS);
        assertThat(Wsdls.soapActions(wsdl, Wsdls.SOAP11_BINDING_NS)).containsExactlyInAnyOrder(
                "run=urn:sd:samples:blast#run", "runBlue=urn:sd:samples:blast#runBlue",
                "runGreen=urn:sd:samples:blast#runGreen", "runRed=urn:sd:samples:blast#runRed");
        assertThat(wsdl.count(Wsdls.WSDL_NS, "fault")).isPositive();
        assertThat(body).contains("name=\"databaseNotHeld\"").doesNotContain("nillable");
    }
}
