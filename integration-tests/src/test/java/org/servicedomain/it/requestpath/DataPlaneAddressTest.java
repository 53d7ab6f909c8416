package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * Clients land on the event-loop data plane by default: every address the node hands out for a
 * virtual port (its WSDL on either entry, the registration, the service info, the domain WSDL) names
 * the relay, or the public address the operator configured in front of it.
 */
class DataPlaneAddressTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aWsdlFetchedOnEitherEntryNamesTheDataPlane(VirtualPortEntry entry) throws Exception {
        domain.registerAll();
        URI relay = domain.node().relayedPortAddress(PORT);
        assertThat(relay.getPort()).isNotEqualTo(domain.node().baseUri().getPort());

        assertThat(advertised(URI.create(entry.address(domain.node(), PORT) + "?wsdl"))).isEqualTo(relay.toString());
    }

    @Test
    void registrationsServiceInfoAndTheDomainWsdlNameTheDataPlane() throws Exception {
        Registration registration = domain.registerAll().get(0);
        String relay = domain.node().relayedPortAddress(PORT).toString();

        assertThat(registration.getVirtualPortAddress()).isEqualTo(relay);
        assertThat(domain.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort())
                .singleElement().satisfies(p -> assertThat(p.getAddress()).isEqualTo(relay));
        assertThat(SoapExchange.get(URI.create(domain.node().baseUri() + "/services/domain?wsdl")).text())
                .contains("location=\"" + relay + "?wsdl\"");
    }

    @Test
    void theLauncherServesTheDataPlaneWithNoOptionAndItsWsdlLeadsThere(@TempDir Path dataDir) throws Exception {
        domain.providers();
        try (NodeProcess launched = NodeProcess.start(dataDir)) {
            Registrations.register(launched.home(), domain.provider("quote-a"));
            String advertised = advertised(URI.create(launched.baseUri() + "/services/ports/" + PORT + "?wsdl"));
            URI dataPlane = URI.create(advertised);

            assertThat(dataPlane.getPort()).isNotEqualTo(launched.baseUri().getPort());
            assertThat(StockQuoteCalls.getQuote(dataPlane, "ACME").status()).isEqualTo(200);
            assertThat(launched.output()).anyMatch(line -> line.contains("virtual ports:") && line.contains(":" + dataPlane.getPort() + "/"));
        }
    }

    @Nested
    class BehindAProxy {

        @RegisterExtension
        final NodeWithProviders behindProxy = NodeWithProviders.stockQuotes("quote-b")
                .configured(c -> c.publicBaseUrl("https://sd.example.com/sd"));

        @ParameterizedTest
        @EnumSource(VirtualPortEntry.class)
        void theWsdlNamesThePublicBaseUrlOnEitherEntry(VirtualPortEntry entry) throws Exception {
            behindProxy.registerAll();

            assertThat(advertised(URI.create(entry.address(behindProxy.node(), PORT) + "?wsdl")))
                    .isEqualTo("https://sd.example.com/sd/services/ports/" + PORT);
        }
    }

    @Nested
    class WithAPublicDataUrl {

        @RegisterExtension
        final NodeWithProviders ownDataAddress = NodeWithProviders.stockQuotes("quote-c")
                .configured(c -> c.publicBaseUrl("https://sd.example.com/sd").publicDataUrl("https://data.example.com/sd"));

        @ParameterizedTest
        @EnumSource(VirtualPortEntry.class)
        void virtualPortsAreAdvertisedAtThePublicDataUrlOnEitherEntry(VirtualPortEntry entry) throws Exception {
            Registration registration = ownDataAddress.registerAll().get(0);
            String expected = "https://data.example.com/sd/services/ports/" + PORT;

            assertThat(advertised(URI.create(entry.address(ownDataAddress.node(), PORT) + "?wsdl"))).isEqualTo(expected);
            assertThat(registration.getVirtualPortAddress()).isEqualTo(expected);
            assertThat(ownDataAddress.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort())
                    .singleElement().satisfies(p -> assertThat(p.getAddress()).isEqualTo(expected));
        }
    }

    /** The soap:address of the WSDL at {@code wsdl}. */
    private static String advertised(URI wsdl) {
        SoapReply reply = SoapExchange.get(wsdl);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return reply.parse().getElementsByTagNameNS("http://schemas.xmlsoap.org/wsdl/soap/", "address").item(0)
                .getAttributes().getNamedItem("location").getNodeValue();
    }
}
