package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Register;
import org.servicedomain.node.outbound.TrustStore;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.TestKeystore;

/**
 * A provider registered at an {@code https:} address is called over TLS, trusting the certificates of the
 * node's outbound trust store ({@code --outbound-truststore}) in place of the JVM's: a provider whose
 * certificate is in there serves the call; one whose certificate is not, or names another host, is sent
 * nothing, the caller gets {@code NoInstanceAvailable} naming the failed handshake, and the node goes on serving.
 */
class HttpsProviderTest {

    private static final String PORT = "StockQuotePortType";
    private static final String STORE_PASSWORD = "store-secret";

    @TempDir
    static Path keys;
    /** Issued for localhost; in the node's trust store. */
    private static TestKeystore trusted;
    /** Issued for localhost too, by no one the node trusts. */
    private static TestKeystore untrusted;
    /** In the node's trust store, but issued for another host than the one the node calls. */
    private static TestKeystore forAnotherHost;
    private static Path trustStore;

    @BeforeAll
    static void certificatesAndTheNodesTrustStore() {
        trusted = TestKeystore.generate(keys.resolve("trusted.p12"), "localhost");
        untrusted = TestKeystore.generate(keys.resolve("untrusted.p12"), "localhost");
        forAnotherHost = TestKeystore.generate(keys.resolve("another-host.p12"), "quotes.elsewhere.test");
        trustStore = TestKeystore.trustStore(keys.resolve("outbound.p12"), STORE_PASSWORD, trusted, forAnotherHost);
    }

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet()
            .configured(c -> c.outboundTrust(TrustStore.read(trustStore, STORE_PASSWORD.toCharArray())));

    @Test
    void dispatchesToAnHttpsProviderWhoseCertificateIsInTheOutboundTrustStore() throws HomeFault {
        SampleProvider provider = domain.providers().startStockQuoteOverHttps("secure", trusted);
        domain.setup().provider(provider, null);

        SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME");

        assertThat(provider.address().getScheme()).isEqualTo("https");
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("secure");
    }

    @Test
    void aProviderWhoseCertificateIsNotTrustedIsSentNothingAndTheNodeGoesOnServing() throws HomeFault {
        SampleProvider stranger = domain.providers().startStockQuoteOverHttps("stranger", untrusted);
        SampleProvider secure = domain.providers().startStockQuoteOverHttps("secure", trusted);
        assertThatThrownBy(() -> domain.setup().provider(stranger, null)).as("its WSDL is read with the same trust")
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("WsdlUnreadable"))
                .hasMessageContaining("TLS handshake");
        registerAt(stranger, secure);

        SoapReply refused = StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME");

        assertThat(refused.faultCode()).as(refused.text()).contains("NoInstanceAvailable");
        assertThat(refused.firstText("", "faultstring").orElseThrow())
                .contains("TLS handshake with localhost:" + stranger.port()).contains("PKIX path");
        domain.setup().provider(secure, null);
        SoapReply served = StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME");
        assertThat(served.status()).as(served.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(served)).isEqualTo("secure");
        assertThat(stranger.requestsReceived()).isZero();
    }

    @Test
    void aTrustedCertificateIssuedForAnotherHostIsRefused() throws HomeFault {
        SampleProvider impostor = domain.providers().startStockQuoteOverHttps("impostor", forAnotherHost);
        registerAt(impostor, domain.providers().startStockQuoteOverHttps("secure", trusted));

        SoapReply refused = StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME");

        assertThat(refused.faultCode()).as(refused.text()).contains("NoInstanceAvailable");
        assertThat(refused.firstText("", "faultstring").orElseThrow())
                .contains("TLS handshake with localhost:" + impostor.port())
                .contains("No subject alternative DNS name matching localhost");
        assertThat(impostor.requestsReceived()).isZero();
    }

    @Test
    void theLauncherTrustsTheStoreItsOptionNames(@TempDir Path data) throws HomeFault {
        SampleProvider provider = domain.providers().startStockQuoteOverHttps("secure", trusted);
        try (NodeProcess node = NodeProcess.start(data, Map.of("SD_OUTBOUND_TRUSTSTORE_PASSWORD", STORE_PASSWORD),
                "--outbound-truststore", trustStore.toString())) {
            Registrations.register(node.home(), provider);

            SoapReply reply = StockQuoteCalls.getQuote(URI.create(node.virtualPortsBase() + "/services/ports/" + PORT), "ACME");

            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("secure");
        }
    }

    /**
     * Registers {@code provider}'s endpoint with the WSDL of {@code describedBy} (the same service), since the
     * node cannot read the WSDL of a provider it does not trust.
     */
    private void registerAt(SampleProvider provider, SampleProvider describedBy) throws HomeFault {
        Register request = new Register();
        request.setWsdlLocation(describedBy.wsdlAddress().toString());
        request.setEndpointAddress(provider.address().toString());
        request.getAttribute().add(Registrations.attribute("name", provider.name()));
        domain.node().home().register(request);
    }
}
