package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.stockquote.MonitorStocks;
import org.servicedomain.samples.stockquote.MonitorStocksResponse;
import org.servicedomain.samples.stockquote.Quote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The model's three-exchange stock monitor under {@code samples/policies/composed-quotes.xml}: one
 * {@code monitorStocks} call sent to three real stock-quote providers, each quoting the symbols its
 * exchange lists, their answers composed into one.
 */
class ComposedAnswersScenarioTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    private Registration nyse;
    private Registration lse;
    private Registration tse;

    @BeforeEach
    void threeExchangesComposingMonitorStocks() throws Exception {
        nyse = domain.exchange("nyse", "IBM", "GE");
        lse = domain.exchange("lse", "BP", "HSBA");
        tse = domain.exchange("tse", "SONY", "TM");
        domain.setup().policy(Resources.text("policies/composed-quotes.xml"));
    }

    @Test
    void theMonitorGetsOneAnswerWithTheQuotesOfEveryExchangeForTheSymbolsItLists() {
        SoapReply reply = StockQuoteCalls.monitorStocks(port(), "IBM", "BP", "SONY", "GE", "NOKIA");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.quotesIn(reply)).containsExactlyInAnyOrder(quote("IBM", "nyse"), quote("GE", "nyse"),
                quote("BP", "lse"), quote("SONY", "tse"));
        Element tally = tally(reply);
        assertThat(tally.getAttribute("asked")).isEqualTo("3");
        assertThat(tally.getAttribute("answered")).isEqualTo("3");
        assertThat(tally.getElementsByTagNameNS(SoapReply.SD_NS, "failed").getLength()).isZero();
    }

    @Test
    void aSchemaValidatingJaxWsClientOfThePortTypeReadsTheComposedAnswer() {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(StockQuotePortType.class);
        factory.setAddress(port().toString());
        factory.setProperties(Map.of("schema-validation-enabled", "IN"));
        StockQuotePortType client = (StockQuotePortType) factory.create();

        MonitorStocksResponse answer = client.monitorStocks(new MonitorStocks(List.of("IBM", "BP", "SONY")));

        assertThat(answer.getQuote()).extracting(Quote::getSymbol, Quote::getProvider).containsExactlyInAnyOrder(
                tuple("IBM", "nyse"), tuple("BP", "lse"), tuple("SONY", "tse"));
    }

    @Test
    void withOneExchangeDownTheAnswerHoldsTheOthersQuotesAndIsMarkedPartial() {
        domain.provider("lse").stop();

        SoapReply reply = StockQuoteCalls.monitorStocks(port(), "IBM", "BP", "SONY");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.quotesIn(reply)).containsExactlyInAnyOrder(quote("IBM", "nyse"), quote("SONY", "tse"));
        Element tally = tally(reply);
        assertThat(tally.getAttribute("asked")).isEqualTo("3");
        assertThat(tally.getAttribute("answered")).isEqualTo("2");
        assertThat(failedInstances(tally)).containsExactly(lse.getInstanceId());
        PrometheusText metrics = PrometheusText.parse(SoapExchange.get(URI.create(domain.node().baseUri() + "/metrics")).text());
        assertThat(metrics.sum("sd_dispatch_failures_total", Map.of("instance", lse.getInstanceId(), "kind", "connection")))
                .isEqualTo(1);
    }

    @Test
    void withOneExchangeAnsweringItsOwnFaultTheAnswerHoldsTheOthersQuotesAndNamesIt() {
        domain.provider("tse").setFaultMode(FaultMode.SOAP_FAULT);

        SoapReply reply = StockQuoteCalls.monitorStocks(port(), "IBM", "BP", "SONY");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.quotesIn(reply)).containsExactlyInAnyOrder(quote("IBM", "nyse"), quote("BP", "lse"));
        Element tally = tally(reply);
        assertThat(tally.getAttribute("answered")).isEqualTo("2");
        assertThat(failedInstances(tally)).containsExactly(tse.getInstanceId());
        assertThat(tally.getElementsByTagNameNS(SoapReply.SD_NS, "failed").item(0).getTextContent()).containsIgnoringCase("fault");
    }

    @Test
    void withEveryExchangeDownTheCallGetsTheNodesFaultNamingEachAttempt() {
        domain.providers().all().forEach(SampleProvider::stop);

        SoapReply reply = StockQuoteCalls.monitorStocks(port(), "IBM");

        assertThat(reply.isSoapFault()).isTrue();
        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(reply.text()).contains("could answer monitorStocks (composed)");
        for (Registration exchange : List.of(nyse, lse, tse)) {
            assertThat(reply.text()).contains(exchange.getInstanceId());
        }
    }

    @Test
    void instancesLimitsHowManyExchangesAreAsked() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <virtualPort name="StockQuotePortType">
                    <selection directive="round-robin"/>
                    <compose operation="monitorStocks" composer="concatenate" instances="2"/>
                  </virtualPort>
                </policy>
                """);

        SoapReply reply = StockQuoteCalls.monitorStocks(port(), "IBM", "BP", "SONY");

        assertThat(StockQuoteCalls.quotesIn(reply)).extracting(StockQuoteCalls.Quote::provider).hasSize(2).doesNotHaveDuplicates();
        assertThat(tally(reply).getAttribute("asked")).isEqualTo("2");
    }

    @Test
    void operationsThePolicyDoesNotComposeAreServedByOneExchange() {
        SoapReply quote = StockQuoteCalls.getQuote(port(), "IBM");
        SoapReply buy = StockQuoteCalls.buy(port(), "IBM", 1, null);

        assertThat(quote.status()).isEqualTo(200);
        assertThat(StockQuoteCalls.providersIn(quote)).hasSize(1);
        assertThat(buy.status()).isEqualTo(200);
        for (SoapReply reply : List.of(quote, buy)) {
            assertThat(reply.parse().getElementsByTagNameNS(SoapReply.SD_NS, "composed").getLength()).isZero();
        }
    }

    static StockQuoteCalls.Quote quote(String symbol, String provider) {
        return new StockQuoteCalls.Quote(symbol, provider);
    }

    /** The answer's {@code sd:composed} header. */
    static Element tally(SoapReply reply) {
        NodeList found = reply.parse().getElementsByTagNameNS(SoapReply.SD_NS, "composed");
        assertThat(found.getLength()).as("composed header in " + reply.text()).isEqualTo(1);
        return (Element) found.item(0);
    }

    private static List<String> failedInstances(Element tally) {
        NodeList failed = tally.getElementsByTagNameNS(SoapReply.SD_NS, "failed");
        List<String> instances = new ArrayList<>();
        for (int i = 0; i < failed.getLength(); i++) {
            instances.add(((Element) failed.item(i)).getAttribute("instance"));
        }
        return instances;
    }

    private URI port() {
        return domain.node().virtualPortAddress(PORT);
    }
}
