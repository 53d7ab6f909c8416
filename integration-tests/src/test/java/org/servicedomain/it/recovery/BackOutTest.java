package org.servicedomain.it.recovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.BackOutCalls;
import org.servicedomain.testsupport.EventReceiver;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The back-out recovery action: when a buy fails on every instance, the node calls the back-out
 * service with values of the failed request, tells the event listener, and the client still gets
 * the fault.
 */
class BackOutTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    private SampleProvider backOuts;
    private EventReceiver events;

    @BeforeEach
    void twoQuoteProvidersAndABackOutServiceUnderABackOutPolicy() throws Exception {
        events = EventReceiver.start();
        backOuts = domain.providers().start(ProviderOptions.of(SampleService.BACKOUT, "backouts"));
        domain.registerAll();
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <settings notifyUrl="%s"/>
                  <namespace prefix="q" uri="urn:sd:samples:stockquote"/>
                  <virtualPort name="StockQuotePortType">
                    <selection directive="round-robin"/>
                    <recovery retries="1">
                      <idempotent operation="getQuote"/>
                      <backOut virtualPort="BackOutPortType" operation="backOut" onOperation="buy">
                        <value name="symbol" select="q:symbol"/>
                        <value name="quantity" select="q:quantity"/>
                        <payload><![CDATA[
                          <b:backOut xmlns:b="urn:sd:samples:backout">
                            <b:operation>${operation}</b:operation>
                            <b:reference>${symbol}</b:reference>
                            <b:detail>${quantity} on ${virtualPort}: ${faultCode}</b:detail>
                          </b:backOut>]]></payload>
                      </backOut>
                    </recovery>
                  </virtualPort>
                </policy>
                """.formatted(events.address()));
    }

    @AfterEach
    void stop() {
        events.close();
    }

    @Test
    void aBuyFailingOnEveryInstanceRunsTheBackOutWithItsValuesAndStillAnswersTheFault() {
        domain.provider("quote-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        domain.provider("quote-b").setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = StockQuoteCalls.buy(port(), "ACME", 7, null);

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(BackOutCalls.received(backOuts.address()))
                .containsExactly(new BackOutCalls.Received("buy", "ACME", "7 on StockQuotePortType: NoInstanceAvailable"));
        await().atMost(Duration.ofSeconds(10)).until(() -> events.bodies().stream()
                .anyMatch(b -> b.contains("\"type\":\"RECOVERY_ACTION_RUN\"") && b.contains("answered by")));
    }

    @Test
    void aBuyThatSucceedsRunsNoBackOut() {
        assertThat(StockQuoteCalls.buy(port(), "ACME", 7, null).status()).isEqualTo(200);

        assertThat(BackOutCalls.received(backOuts.address())).isEmpty();
    }

    @Test
    void aFailedOperationTheBackOutDoesNotCoverRunsNone() {
        domain.provider("quote-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        domain.provider("quote-b").setFaultMode(FaultMode.HTTP_500_PLAIN);

        assertThat(StockQuoteCalls.getQuote(port(), "ACME").faultCode()).contains("NoInstanceAvailable");

        assertThat(BackOutCalls.received(backOuts.address())).isEmpty();
    }

    @Test
    void aBackOutThatFailsIsReportedAndTheClientStillGetsTheOriginalFault() {
        domain.provider("quote-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        domain.provider("quote-b").setFaultMode(FaultMode.HTTP_500_PLAIN);
        backOuts.setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = StockQuoteCalls.buy(port(), "ACME", 7, null);

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        await().atMost(Duration.ofSeconds(10)).until(() -> events.bodies().stream()
                .anyMatch(b -> b.contains("\"type\":\"RECOVERY_ACTION_RUN\"") && b.contains("failed: ")));
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
