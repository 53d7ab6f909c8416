package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.GeneratedClient;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** A SOAP 1.2 provider behind a virtual port: the port speaks SOAP 1.2 end to end, faults included. */
class Soap12ProviderTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    private Registration registration;

    @BeforeEach
    void registerSoap12Providers() throws Exception {
        for (String name : new String[] {"quote12-a", "quote12-b"}) {
            SampleProvider provider = domain.providers().start(ProviderOptions.builder(SampleService.STOCKQUOTE, name)
                    .soap12(true).build());
            registration = Registrations.register(domain.node().home(), provider);
        }
    }

    @Test
    void virtualWsdlKeepsTheSoap12BindingAndPointsAtTheNode() {
        SoapReply wsdl = SoapExchange.get(domain.node().virtualPortWsdl(registration.getVirtualPort()));
        assertThat(wsdl.parse().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap12/", "binding").getLength())
                .isEqualTo(1);
        assertThat(wsdl.parse().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap12/", "address").item(0)
                .getAttributes().getNamedItem("location").getNodeValue())
                .isEqualTo(domain.node().virtualPortAddress(registration.getVirtualPort()).toString());
    }

    @Test
    void generatedSoap12ClientIsServedByEachProvider() throws Exception {
        try (GeneratedClient client = GeneratedClient.fromWsdl(domain.node().virtualPortWsdl(registration.getVirtualPort()),
                Duration.ofSeconds(30))) {
            Object first = client.invoke("getQuote", Map.of("symbol", "ACME")).get("provider");
            Object second = client.invoke("getQuote", Map.of("symbol", "ACME")).get("provider");
            assertThat(List.of(first, second)).containsExactlyInAnyOrder("quote12-a", "quote12-b");
        }
    }

    @Test
    void nodeFaultsOnASoap12PortAreSoap12Faults() {
        domain.providers().all().forEach(SampleProvider::stop);
        SoapReply reply = SoapExchange.post(domain.node().virtualPortAddress(registration.getVirtualPort()),
                "application/soap+xml; charset=UTF-8", null,
                SoapExchange.soap12(null, StockQuoteCalls.getQuoteBody("ACME")));
        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.contentType()).startsWith("application/soap+xml");
        assertThat(reply.firstText(SoapExchange.SOAP12, "Value")).contains("env:Receiver");
        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
    }

    @Test
    void soap11RequestOnASoap12PortIsABadRequest() {
        SoapReply reply = SoapExchange.post(domain.node().virtualPortAddress(registration.getVirtualPort()),
                "text/xml", StockQuoteCalls.GET_QUOTE_ACTION, SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME")));
        assertThat(reply.status()).isEqualTo(400);
        assertThat(reply.faultCode()).contains("BadRequest");
    }
}
