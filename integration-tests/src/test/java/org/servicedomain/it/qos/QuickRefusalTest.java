package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A low call its full queue refuses is answered {@code Overloaded} at once, counted in its flow and
 * metered, without waiting behind anything; a call that only its values can class (its symbol
 * written with a character reference) or a message with a DOCTYPE is judged by the full parse, as
 * always: the one is served in its class, the other refused as bad input.
 */
class QuickRefusalTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("p1").configured(c -> c.maxConnectionsPerInstance(1));

    @Test
    void aFullLowQueueRefusesALowCallAtOnceWhileCallsOnlyTheParseCanJudgeAreJudgedByIt() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("p1"), null);
        setup.policy("<policy xmlns=\"urn:sd:policy:1\"><namespace prefix=\"q\" uri=\"" + StockQuoteCalls.NS + "\"/>"
                + "<priorityClasses defaultTimeoutMs=\"30000\" queueLength=\"1\">"
                + "<qos class=\"high\" timeoutMs=\"30000\"><content select=\"q:symbol\" equals=\"HIGH\"/></qos>"
                + "</priorityClasses></policy>");
        URI port = domain.node().virtualPortAddress(PORT);
        assertThat(StockQuoteCalls.getQuote(port, "LOW").status()).isEqualTo(200); // the port's flows are made
        await().atMost(Duration.ofSeconds(10)).until(() -> concurrencyLimit() == 1.0); // and its instance's limit holds
        domain.provider("p1").setDelayMs(3000);
        // one call at a time reaches the instance (one connection): the first is served, the second waits in the low queue
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            List<Future<SoapReply>> held = List.of(callers.submit(() -> StockQuoteCalls.getQuote(port, "LOW")),
                    callers.submit(() -> StockQuoteCalls.getQuote(port, "LOW")));
            await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> queued("low") == 1);

            SoapReply refused = StockQuoteCalls.getQuote(port, "LOW");

            assertThat(refused.faultCode()).as(refused.text()).contains("Overloaded");
            assertThat(held).noneMatch(Future::isDone);
            assertThat(flow("low").getDropped()).isEqualTo(1);
            await().atMost(Duration.ofSeconds(2)).until(() -> MeteredRecords.count(domain.dataDir()) == 2); // before the held end

            SoapReply doctype = SoapExchange.post(port, "text/xml; charset=UTF-8", StockQuoteCalls.GET_QUOTE_ACTION,
                    "<!DOCTYPE x [<!ENTITY s \"LOW\">]>" + SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("&s;")));
            assertThat(doctype.faultCode()).as(doctype.text()).contains("BadRequest");
            SoapReply encodedHigh = StockQuoteCalls.getQuote(port, "&#72;IGH");
            assertThat(encodedHigh.status()).as(encodedHigh.text()).isEqualTo(200);
            assertThat(flow("high").getAdmitted()).isEqualTo(1);
            for (Future<SoapReply> reply : held) {
                assertThat(reply.get(30, TimeUnit.SECONDS).status()).isEqualTo(200);
            }
        } finally {
            callers.shutdownNow();
        }
    }

    /** The port's concurrency limit, as its metric shows it; NaN while it has none. */
    private double concurrencyLimit() {
        List<PrometheusText.Sample> limit = PrometheusText.scrape(URI.create(domain.node().baseUri() + "/metrics"))
                .samples("sd_qos_concurrency_limit_requests", Map.of("virtual_port", PORT));
        return limit.size() == 1 ? limit.get(0).value() : Double.NaN;
    }

    private int queued(String priorityClass) throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(PORT) && f.getPriorityClass().equals(priorityClass))
                .mapToInt(FlowInfo::getQueued).sum();
    }

    private FlowInfo flow(String priorityClass) throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(PORT) && f.getPriorityClass().equals(priorityClass)).findFirst()
                .orElseThrow();
    }
}
