package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PortFlows;
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
        PortFlows flows = new PortFlows(domain.node(), PORT);
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("p1"), null);
        setup.policy("<policy xmlns=\"urn:sd:policy:1\"><namespace prefix=\"q\" uri=\"" + StockQuoteCalls.NS + "\"/>"
                + "<priorityClasses defaultTimeoutMs=\"30000\" queueLength=\"1\">"
                + "<qos class=\"high\" timeoutMs=\"30000\"><content select=\"q:symbol\" equals=\"HIGH\"/></qos>"
                + "</priorityClasses></policy>");
        URI port = domain.node().virtualPortAddress(PORT);
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            // one call at a time reaches the instance (one connection): the first is served, the second waits in the low queue
            List<Future<SoapReply>> held = flows.fillLowQueue(port, domain.provider("p1"), Duration.ofSeconds(3), callers);

            SoapReply refused = StockQuoteCalls.getQuote(port, "LOW");

            assertThat(refused.faultCode()).as(refused.text()).contains("Overloaded");
            assertThat(held).noneMatch(Future::isDone);
            assertThat(flows.flow("low").getDropped()).isEqualTo(1);
            await().atMost(Duration.ofSeconds(2)).until(() -> MeteredRecords.count(domain.dataDir()) == 2); // before the held end

            SoapReply doctype = SoapExchange.post(port, "text/xml; charset=UTF-8", StockQuoteCalls.GET_QUOTE_ACTION,
                    "<!DOCTYPE x [<!ENTITY s \"LOW\">]>" + SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("&s;")));
            assertThat(doctype.faultCode()).as(doctype.text()).contains("BadRequest");
            SoapReply encodedHigh = StockQuoteCalls.getQuote(port, "&#72;IGH");
            assertThat(encodedHigh.status()).as(encodedHigh.text()).isEqualTo(200);
            assertThat(flows.flow("high").getAdmitted()).isEqualTo(1);
            for (Future<SoapReply> reply : held) {
                assertThat(reply.get(30, TimeUnit.SECONDS).status()).isEqualTo(200);
            }
        } finally {
            callers.shutdownNow();
        }
    }
}
