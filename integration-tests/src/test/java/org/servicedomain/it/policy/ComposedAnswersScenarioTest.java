package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** The model's stock monitor: one request sent to several real stock-quote providers, their answers composed into one. */
class ComposedAnswersScenarioTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b", "quote-c");

    private List<Registration> registrations;

    @BeforeEach
    void threeProvidersComposingGetQuote() throws Exception {
        registrations = domain.registerAll();
        domain.setup().policy(Resources.text("policies/composed-quotes.xml"));
    }

    @Test
    void aComposedAnswerHoldsTheElementsOfEveryProvider() {
        SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(StockQuoteCalls.providersIn(reply)).containsExactlyInAnyOrder("quote-a", "quote-b", "quote-c");
        Element tally = tally(reply);
        assertThat(tally.getAttribute("asked")).isEqualTo("3");
        assertThat(tally.getAttribute("answered")).isEqualTo("3");
        assertThat(tally.getElementsByTagNameNS(SoapReply.SD_NS, "failed").getLength()).isZero();
    }

    @Test
    void withOneProviderDownTheAnswerIsMarkedPartialAndNamesTheFailedInstance() {
        domain.provider("quote-b").stop();
        String failedId = registrations.get(1).getInstanceId();

        SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(StockQuoteCalls.providersIn(reply)).containsExactlyInAnyOrder("quote-a", "quote-c");
        Element tally = tally(reply);
        assertThat(tally.getAttribute("asked")).isEqualTo("3");
        assertThat(tally.getAttribute("answered")).isEqualTo("2");
        NodeList failed = tally.getElementsByTagNameNS(SoapReply.SD_NS, "failed");
        assertThat(failed.getLength()).isEqualTo(1);
        assertThat(((Element) failed.item(0)).getAttribute("instance")).isEqualTo(failedId);
        PrometheusText metrics = PrometheusText.parse(SoapExchange.get(URI.create(domain.node().baseUri() + "/metrics")).text());
        assertThat(metrics.sum("sd_dispatch_failures_total", Map.of("instance", failedId, "kind", "connection"))).isEqualTo(1);
    }

    @Test
    void withEveryProviderDownTheCallGetsTheNodesFaultNamingEachAttempt() {
        domain.providers().all().forEach(SampleProvider::stop);

        SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME");

        assertThat(reply.isSoapFault()).isTrue();
        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(reply.text()).contains("could answer getQuote (composed)");
        for (Registration registration : registrations) {
            assertThat(reply.text()).contains(registration.getInstanceId());
        }
    }

    @Test
    void instancesLimitsHowManyProvidersAreAskedAndTheDirectiveTakesTurnsAmongThem() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType">
                    <selection directive="round-robin"/>
                    <compose operation="getQuote" composer="concatenate" instances="2"/>
                  </virtualPort>
                </policy>
                """);

        SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME");

        assertThat(StockQuoteCalls.providersIn(reply)).hasSize(2).doesNotHaveDuplicates();
        assertThat(tally(reply).getAttribute("asked")).isEqualTo("2");
    }

    @Test
    void anOperationThePolicyDoesNotComposeIsServedByOneInstance() {
        SoapReply reply = StockQuoteCalls.buy(port(), "ACME", 1, null);

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.parse().getElementsByTagNameNS(SoapReply.SD_NS, "composed").getLength()).isZero();
    }

    private static Element tally(SoapReply reply) {
        NodeList found = reply.parse().getElementsByTagNameNS(SoapReply.SD_NS, "composed");
        assertThat(found.getLength()).as("composed header in " + reply.text()).isEqualTo(1);
        return (Element) found.item(0);
    }

    private URI port() {
        return domain.node().virtualPortAddress(PORT);
    }
}
