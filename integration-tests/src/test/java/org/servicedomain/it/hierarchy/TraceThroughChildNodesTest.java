package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.OtlpReceiver;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A call through a parent node to a child node's provider stays in the client's trace, or in one the
 * parent starts; exported, the child's spans hang below the parent's dispatch to it.
 */
class TraceThroughChildNodesTest {

    private static final String TRACE_ID = "0af7651916cd43dd8448eb211c80319c";

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;

    @BeforeEach
    void parentChildAndAProviderBelowTheChild() throws Exception {
        providers = ProviderFleet.stockQuotes("quotes");
        tree = new NodeTree(dir);
        tree.start("parent");
        tree.start("child");
        Registrations.register(tree.get("child").home(), providers.get(0));
        tree.attach("child", "parent");
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void theClientsTraceIdReachesTheProviderBelowTheChildWithTheChildsSpanAsParent() {
        SoapReply reply = StockQuoteCalls.getQuoteWith(tree.get("parent").virtualPortAddress("StockQuotePortType"), "ACME",
                Map.of("traceparent", "00-" + TRACE_ID + "-b7ad6b7169203331-01"));

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(providers.get(0).lastTraceparent()).matches("00-" + TRACE_ID + "-[0-9a-f]{16}-01")
                .doesNotContain("b7ad6b7169203331");
    }

    @Test
    void aTraceTheParentStartsIsKeptByTheChildWhoseSpanHangsBelowTheParentsDispatch() throws Exception {
        try (OtlpReceiver collector = OtlpReceiver.start(); NodeTree traced = new NodeTree(dir.resolve("traced"))) {
            traced.start("top", b -> b.otlpEndpoint(collector.endpoint().toString()));
            traced.start("leaf", b -> b.otlpEndpoint(collector.endpoint().toString()));
            Registrations.register(traced.get("leaf").home(), providers.get(0));
            traced.attach("leaf", "top");

            SoapReply reply = StockQuoteCalls.getQuote(traced.get("top").virtualPortAddress("StockQuotePortType"), "ACME");

            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            String traceId = providers.get(0).lastTraceparent().substring(3, 35);
            await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(collector.spansOf(traceId))
                    .extracting(OtlpReceiver.ReceivedSpan::serviceName, OtlpReceiver.ReceivedSpan::kind)
                    .contains(tuple("top", "SPAN_KIND_SERVER"), tuple("top", "SPAN_KIND_CLIENT"),
                            tuple("leaf", "SPAN_KIND_SERVER"), tuple("leaf", "SPAN_KIND_CLIENT")));
            List<OtlpReceiver.ReceivedSpan> spans = collector.spansOf(traceId);
            OtlpReceiver.ReceivedSpan topServer = only(spans, "top", "SPAN_KIND_SERVER");
            OtlpReceiver.ReceivedSpan topDispatch = only(spans, "top", "SPAN_KIND_CLIENT");
            OtlpReceiver.ReceivedSpan leafServer = only(spans, "leaf", "SPAN_KIND_SERVER");
            OtlpReceiver.ReceivedSpan leafDispatch = only(spans, "leaf", "SPAN_KIND_CLIENT");
            assertThat(topServer.parentSpanId()).isEmpty();
            assertThat(topDispatch.parentSpanId()).isEqualTo(topServer.spanId());
            assertThat(leafServer.parentSpanId()).isEqualTo(topDispatch.spanId());
            assertThat(leafDispatch.parentSpanId()).isEqualTo(leafServer.spanId());
            assertThat(providers.get(0).lastTraceparent()).contains("-" + leafDispatch.spanId() + "-");
        }
    }

    private static OtlpReceiver.ReceivedSpan only(List<OtlpReceiver.ReceivedSpan> spans, String service, String kind) {
        List<OtlpReceiver.ReceivedSpan> found = spans.stream()
                .filter(s -> s.serviceName().equals(service) && s.kind().equals(kind)).toList();
        assertThat(found).as(service + " " + kind).hasSize(1);
        return found.get(0);
    }
}
