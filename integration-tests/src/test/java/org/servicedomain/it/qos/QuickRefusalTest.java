package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.NodeWithProviders;
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
        domain.provider("p1").setDelayMs(3000);
        setup.provider(domain.provider("p1"), null);
        setup.policy("<policy xmlns=\"urn:sd:policy:1\"><namespace prefix=\"q\" uri=\"" + StockQuoteCalls.NS + "\"/>"
                + "<priorityClasses defaultTimeoutMs=\"30000\" queueLength=\"1\">"
                + "<qos class=\"high\" timeoutMs=\"30000\"><content select=\"q:symbol\" equals=\"HIGH\"/></qos>"
                + "</priorityClasses></policy>");
        URI port = domain.node().virtualPortAddress(PORT);
        // one call at a time reaches the instance (one connection): the first is served, the second waits in the low queue
        List<CompletableFuture<SoapReply>> held = List.of(
                CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(port, "LOW")),
                CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(port, "LOW")));
        await().atMost(Duration.ofSeconds(20)).pollInterval(Duration.ofMillis(50)).until(() -> queued("low") == 1);

        SoapReply refused = StockQuoteCalls.getQuote(port, "LOW");

        assertThat(refused.faultCode()).as(refused.text()).contains("Overloaded");
        assertThat(held).noneMatch(CompletableFuture::isDone);
        assertThat(flow("low").getDropped()).isEqualTo(1);
        await().atMost(Duration.ofSeconds(2)).until(() -> MeteredRecords.count(domain.dataDir()) == 1); // before the held ones end

        SoapReply doctype = SoapExchange.post(port, "text/xml; charset=UTF-8", StockQuoteCalls.GET_QUOTE_ACTION,
                "<!DOCTYPE x [<!ENTITY s \"LOW\">]>" + SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("&s;")));
        assertThat(doctype.faultCode()).as(doctype.text()).contains("BadRequest");
        SoapReply encodedHigh = StockQuoteCalls.getQuote(port, "&#72;IGH");
        assertThat(encodedHigh.status()).as(encodedHigh.text()).isEqualTo(200);
        assertThat(flow("high").getAdmitted()).isEqualTo(1);
        assertThat(held).allSatisfy(reply -> assertThat(reply.join().status()).isEqualTo(200));
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
