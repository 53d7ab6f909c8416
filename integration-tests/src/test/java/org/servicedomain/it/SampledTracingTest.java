package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.OtlpReceiver;
import org.servicedomain.testsupport.OtlpReceiver.ReceivedSpan;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * A node that exports spans at {@code --tracing-sample-ratio 0} records none of the traces it starts, yet
 * passes each on to the provider with the sampled flag off; a caller's sampled trace is still recorded and
 * exported, and a caller's unsampled one is passed on unsampled (docs/operations.md, "Sampling").
 */
class SampledTracingTest {

    private static final OtlpReceiver COLLECTOR = OtlpReceiver.start();
    private static final String CLIENT_SPAN_ID = "00f067aa0ba902b7";
    private static final String TRACEPARENT = "00-[0-9a-f]{32}-[0-9a-f]{16}-0[01]";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a")
            .configured(b -> b.otlpEndpoint(COLLECTOR.endpoint().toString()).tracingSampleRatio(0));

    private SampleProvider provider;

    @BeforeEach
    void oneProvider() throws Exception {
        domain.registerAll();
        provider = domain.provider("quote-a");
    }

    @AfterAll
    static void stopCollector() {
        COLLECTOR.close();
    }

    @Test
    void aCallWithoutATraceIsPassedOnUnsampledAndNoneOfItsSpansIsExported() {
        SoapReply root = StockQuoteCalls.getQuote(VirtualPortEntry.RELAY.address(domain.node(), "StockQuotePortType"), "ACME");
        assertThat(root.status()).as(root.text()).isEqualTo(200);
        String sent = provider.lastTraceparent();
        assertThat(sent).as("the traceparent the provider got").matches(TRACEPARENT).endsWith("-00");
        String rootTraceId = sent.substring(3, 35);

        String sampledTraceId = "4bf92f3577b34da6a3ce929d0e0e4736";
        getQuoteIn("00-" + sampledTraceId + "-" + CLIENT_SPAN_ID + "-01");
        COLLECTOR.awaitServerSpan(sampledTraceId);

        assertThat(COLLECTOR.spansOf(rootTraceId)).as("spans of the trace the node started, sent before those of the"
                + " sampled call that came after it").isEmpty();
    }

    @Test
    void aCallerWhoSampledItsTraceIsStillTracedAndExportedAndTheProviderIsToldSo() {
        String traceId = "5bf92f3577b34da6a3ce929d0e0e4736";

        getQuoteIn("00-" + traceId + "-" + CLIENT_SPAN_ID + "-01");

        ReceivedSpan server = COLLECTOR.awaitServerSpan(traceId);
        assertThat(server.parentSpanId()).isEqualTo(CLIENT_SPAN_ID);
        ReceivedSpan attempt = COLLECTOR.awaitSpan(traceId, s -> s.kind().equals("SPAN_KIND_CLIENT"));
        assertThat(provider.lastTraceparent()).isEqualTo("00-" + traceId + "-" + attempt.spanId() + "-01");
    }

    @Test
    void aCallerWhoDidNotSampleItsTraceIsPassedOnInItUnsampled() {
        String traceId = "6bf92f3577b34da6a3ce929d0e0e4736";

        getQuoteIn("00-" + traceId + "-" + CLIENT_SPAN_ID + "-00");

        assertThat(provider.lastTraceparent()).matches(TRACEPARENT).startsWith("00-" + traceId + "-")
                .doesNotContain(CLIENT_SPAN_ID).endsWith("-00");
    }

    private void getQuoteIn(String traceparent) {
        SoapReply reply = StockQuoteCalls.getQuoteWith(VirtualPortEntry.RELAY.address(domain.node(), "StockQuotePortType"),
                "ACME", Map.of("traceparent", traceparent));
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    }
}
