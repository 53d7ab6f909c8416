package org.servicedomain.it.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Recovery skips the instances that share the failed one's attribute (here: its rack), which tend to fail with it. */
class SharedAttributeRecoveryTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("rack1-a", "rack1-b", "rack2-a");

    @BeforeEach
    void twoProvidersInOneRackAndOneInAnother() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("rack1-a"), null, "rack=r1");
        setup.provider(domain.provider("rack1-b"), null, "rack=r1");
        setup.provider(domain.provider("rack2-a"), null, "rack=r2");
    }

    @Test
    void theRetryGoesToAnInstanceInAnotherRackThanTheOneThatFailed() throws Exception {
        policy("rack");
        domain.provider("rack1-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        domain.provider("rack1-b").setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("rack2-a");
        assertThat(domain.provider("rack1-b").requestsReceived()).isZero();
    }

    @Test
    void withoutTheAttributeTheRetryTakesTheNextInstanceOfTheSameRack() throws Exception {
        policy(null);
        domain.provider("rack1-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        domain.provider("rack1-b").setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME");

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(domain.provider("rack1-b").requestsReceived()).isEqualTo(1);
    }

    private void policy(String avoid) throws Exception {
        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"><defaults>"
                + "<selection directive=\"first-available\"/><recovery retries=\"1\""
                + (avoid == null ? "" : " avoidSharedAttribute=\"" + avoid + "\"")
                + "><idempotent operation=\"getQuote\"/></recovery></defaults></policy>");
    }
}
