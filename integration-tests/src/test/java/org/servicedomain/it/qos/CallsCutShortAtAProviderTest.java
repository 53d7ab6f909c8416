package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A call its deadline cut short at the node after it reached a provider keeps its place at that
 * instance until the provider's answer comes: the node sends no more calls than the instance may
 * hold, so none waits inside the provider behind a call the node already gave up on.
 */
class CallsCutShortAtAProviderTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("p1").configured(c -> c.maxConnectionsPerInstance(1));

    @Test
    void aCallCutShortByItsDeadlineHoldsItsPlaceAtTheInstanceUntilTheProviderAnswers() throws Exception {
        DomainSetup setup = domain.setup();
        SampleProvider provider = domain.provider("p1");
        provider.setDelayMs(600);
        provider.setWorkers(1);
        setup.provider(provider, null);
        // every call is low, with 250 ms in all: each one sent is cut short while the provider serves it
        setup.policy("<policy xmlns=\"urn:sd:policy:1\"><priorityClasses defaultTimeoutMs=\"250\"/></policy>");
        URI port = domain.node().virtualPortAddress(PORT);
        List<SoapReply> replies = new CopyOnWriteArrayList<>();

        try (ClosedLoopClients clients = ClosedLoopClients.start(4, () -> replies.add(StockQuoteCalls.getQuote(port, "LOW")))) {
            await().atMost(Duration.ofSeconds(30)).until(() -> provider.callsReceived() >= 1);

            // the instance may hold one call (one connection): one sent when the call before was cut short would wait inside
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(4)).pollInterval(Duration.ofMillis(10))
                    .until(() -> provider.waitingForWorker() == 0);
        }

        assertThat(provider.callsReceived()).as("calls sent, one after the other").isGreaterThanOrEqualTo(4);
        // cut short, every one (the instance may be ejected for its timeouts meanwhile, and then not tried)
        assertThat(replies).isNotEmpty().allSatisfy(r -> assertThat(r.isSoapFault()).as(r.text()).isTrue())
                .anySatisfy(r -> assertThat(r.faultCode()).contains("Timeout"));
    }
}
