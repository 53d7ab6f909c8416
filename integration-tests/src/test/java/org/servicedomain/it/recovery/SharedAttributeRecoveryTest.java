package org.servicedomain.it.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Recovery skips the instances that share the failed one's attribute (here: its rack), which tend to fail with it. */
class SharedAttributeRecoveryTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;

    @BeforeEach
    void twoProvidersInOneRackAndOneInAnother() throws Exception {
        node = RunningNode.start(dataDir);
        providers = ProviderFleet.stockQuotes("rack1-a", "rack1-b", "rack2-a");
        DomainSetup domain = new DomainSetup(node.home());
        domain.provider(providers.named("rack1-a"), null, "rack=r1");
        domain.provider(providers.named("rack1-b"), null, "rack=r1");
        domain.provider(providers.named("rack2-a"), null, "rack=r2");
    }

    @AfterEach
    void stop() {
        providers.close();
        node.close();
    }

    @Test
    void theRetryGoesToAnInstanceInAnotherRackThanTheOneThatFailed() throws Exception {
        policy("rack");
        providers.named("rack1-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        providers.named("rack1-b").setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("rack2-a");
        assertThat(providers.named("rack1-b").requestsReceived()).isZero();
    }

    @Test
    void withoutTheAttributeTheRetryTakesTheNextInstanceOfTheSameRack() throws Exception {
        policy(null);
        providers.named("rack1-a").setFaultMode(FaultMode.HTTP_500_PLAIN);
        providers.named("rack1-b").setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME");

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(providers.named("rack1-b").requestsReceived()).isEqualTo(1);
    }

    private void policy(String avoid) throws Exception {
        new DomainSetup(node.home()).policy("<policy xmlns=\"urn:sd:policy:1\"><defaults>"
                + "<selection directive=\"fixed-order\"/><recovery retries=\"1\""
                + (avoid == null ? "" : " avoidSharedAttribute=\"" + avoid + "\"")
                + "><idempotent operation=\"getQuote\"/></recovery></defaults></policy>");
    }
}
