package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.BlastCalls;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.GeneratedClient;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;

/**
 * Operation mapping (samples/policies/blast-operation-mapping.xml): the virtual port offers
 * runDatabase1(sequence), which reaches the providers as run(sequence, database1).
 */
class OperationMappingScenarioTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @BeforeEach
    void blueAndGreenProviders() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.providers().start(ProviderOptions.builder(SampleService.BLAST, "blue")
                .databases(List.of("database1")).build()), "ServerBlue");
        setup.provider(domain.providers().start(ProviderOptions.builder(SampleService.BLAST, "green")
                .databases(List.of("database2")).build()), "ServerGreen");
        setup.policy(Resources.text("policies/blast-operation-mapping.xml"));
    }

    @Test
    void aMappedOperationReachesTheProvidersOwnOperationWithTheFixedArgument() {
        for (int i = 0; i < 3; i++) {
            SoapReply reply = SoapExchange.post(port(), "text/xml", "\"urn:sd:samples:blast#runDatabase1\"",
                    SoapExchange.soap11(null, "<b:runDatabase1 xmlns:b=\"" + BlastCalls.NS + "\">"
                            + "<b:sequence>ACGT</b:sequence></b:runDatabase1>"));
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            assertThat(BlastCalls.servedBy(reply)).isEqualTo("blue");
            assertThat(reply.firstText(BlastCalls.NS, "database")).contains("database1");
        }
    }

    @Test
    void aRequestMayNotSetAFixedArgumentItself() {
        SoapReply reply = SoapExchange.post(port(), "text/xml", "\"urn:sd:samples:blast#runDatabase1\"",
                SoapExchange.soap11(null, "<b:runDatabase1 xmlns:b=\"" + BlastCalls.NS + "\">"
                        + "<b:sequence>ACGT</b:sequence><b:database>database2</b:database></b:runDatabase1>"));
        assertThat(reply.faultCode()).contains("BadRequest");
        assertThat(domain.provider("green").requestsReceived()).isZero();
    }

    @Test
    void theVirtualWsdlShowsTheMappedOperationAndAGeneratedClientCanCallIt() throws Exception {
        SoapReply wsdl = SoapExchange.get(domain.node().virtualPortWsdl("BlastPortType"));
        assertThat(wsdl.text()).contains("runDatabase1");

        try (GeneratedClient client = GeneratedClient.fromWsdl(domain.node().virtualPortWsdl("BlastPortType"), Duration.ofSeconds(30))) {
            Map<String, Object> answer = client.invoke("runDatabase1", Map.of("sequence", "ACGT"));
            assertThat(answer.get("provider")).isEqualTo("blue");
            assertThat(answer.get("database")).isEqualTo("database1");
        }
    }

    @Test
    void theProvidersOwnOperationIsForwardedUnchanged() {
        for (int i = 0; i < 2; i++) {
            SoapReply reply = BlastCalls.run(port(), "database2", null);
            assertThat(reply.firstText(BlastCalls.NS, "database")).as(reply.text()).contains("database2");
        }
    }

    private URI port() {
        return domain.node().virtualPortAddress("BlastPortType");
    }
}
