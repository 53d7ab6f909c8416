package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.OtlpReceiver;
import org.servicedomain.testsupport.OtlpReceiver.ReceivedSpan;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * With an OTLP endpoint the node exports a call's spans: the server span in the client's trace,
 * below it admission, the priority-class queue (when the policy has classes), the policy's decision, lookup, selection, a
 * client span per dispatch attempt (the failed one and the one that answered) and the failover
 * between them; the provider's parent is the attempt that reached it. The node is the service
 * instance that sent them.
 */
class SpanExportTest {

    private static final OtlpReceiver COLLECTOR = OtlpReceiver.start();
    private static final String TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CLIENT_SPAN_ID = "00f067aa0ba902b7";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("primary", "backup")
            .configured(b -> b.otlpEndpoint(COLLECTOR.endpoint().toString()));

    private SampleProvider primary;
    private SampleProvider backup;

    @BeforeEach
    void primaryThenBackup() throws Exception {
        primary = domain.provider("primary");
        backup = domain.provider("backup");
        Registrations.register(domain.node().home(), primary);
        Registrations.register(domain.node().home(), backup);
        usePolicy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/>"
                + "<recovery retries=\"1\" timeoutMs=\"5000\"><idempotent operation=\"getQuote\"/></recovery>"
                + "</defaults></policy>");
    }

    @AfterAll
    static void stopCollector() {
        COLLECTOR.close();
    }

    @Test
    void aFailedOverCallIsExportedAsAServerSpanWithItsStagesAndBothAttempts() {
        primary.setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = getQuoteInTrace(VirtualPortEntry.RELAY, TRACE_ID);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("backup");

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(COLLECTOR.spansOf(TRACE_ID))
                .extracting(ReceivedSpan::name).contains("StockQuotePortType/getQuote", "lookup", "selection", "failover"));
        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(COLLECTOR.spansOf(TRACE_ID)
                .stream().filter(s -> s.kind().equals("SPAN_KIND_CLIENT"))).hasSize(2));
        List<ReceivedSpan> spans = COLLECTOR.spansOf(TRACE_ID);
        ReceivedSpan server = spans.stream().filter(s -> s.kind().equals("SPAN_KIND_SERVER")).findFirst().orElseThrow();
        assertThat(server.parentSpanId()).isEqualTo(CLIENT_SPAN_ID);
        assertThat(server.serviceName()).isEqualTo(domain.node().config().hierarchy().nodeName());
        assertThat(server.attributes()).containsEntry("rpc.system", "soap").containsEntry("rpc.service", "StockQuotePortType")
                .containsEntry("rpc.method", "getQuote").containsEntry("http.response.status_code", "200");
        assertThat(spans).filteredOn(s -> !s.kind().equals("SPAN_KIND_SERVER"))
                .allSatisfy(s -> assertThat(s.parentSpanId()).isEqualTo(server.spanId()));
        assertThat(spans).filteredOn(s -> s.name().equals("lookup")).hasSize(2);

        ReceivedSpan failed = attemptTo(spans, primary);
        assertThat(failed.attributes()).containsEntry("sd.attempt", "1").containsEntry("sd.outcome", "failed")
                .containsEntry("error.type", "HTTP_ERROR").containsEntry("server.address", primary.address().getHost());
        assertThat(failed.status()).isEqualTo("STATUS_CODE_ERROR");
        ReceivedSpan answered = attemptTo(spans, backup);
        assertThat(answered.attributes()).containsEntry("sd.attempt", "2").containsEntry("sd.outcome", "answered")
                .containsEntry("http.response.status_code", "200");
        assertThat(backup.lastTraceparent()).isEqualTo("00-" + TRACE_ID + "-" + answered.spanId() + "-01");
        assertThat(primary.lastTraceparent()).isEqualTo("00-" + TRACE_ID + "-" + failed.spanId() + "-01");
    }

    @Test
    void aCallWithoutATraceparentStartsATraceWhoseServerSpanIsARoot() {
        SoapReply reply = StockQuoteCalls.getQuote(VirtualPortEntry.TOMCAT.address(domain.node(), "StockQuotePortType"), "ACME");
        assertThat(reply.status()).isEqualTo(200);
        String traceId = primary.lastTraceparent().substring(3, 35);

        await().atMost(Duration.ofSeconds(20)).untilAsserted(() -> assertThat(COLLECTOR.spansOf(traceId))
                .filteredOn(s -> s.kind().equals("SPAN_KIND_SERVER")).singleElement()
                .satisfies(s -> assertThat(s.parentSpanId()).isEmpty()));
    }

    @Test
    void theAdmissionCheckIsASpanSayingTheCallWasAdmitted() {
        String traceId = "5bf92f3577b34da6a3ce929d0e0e4736";

        getQuoteInTrace(VirtualPortEntry.RELAY, traceId);

        ReceivedSpan admission = awaitSpan(traceId, "admission");
        assertThat(admission.kind()).isEqualTo("SPAN_KIND_INTERNAL");
        assertThat(admission.attributes()).containsEntry("sd.admission", "admitted").doesNotContainKey("error.type");
        assertThat(admission.parentSpanId()).isEqualTo(serverSpanOf(traceId).spanId());
        assertThat(COLLECTOR.spansOf(traceId)).extracting(ReceivedSpan::name).as("no priority classes, no queue")
                .doesNotContain("queue");
    }

    @Test
    void aRefusedCallsAdmissionSpanCarriesTheFaultCodeUnderTheCallsNamedSpan() throws Exception {
        usePolicy("<policy xmlns=\"urn:sd:policy:1\"><virtualPort name=\"StockQuotePortType\" anonymous=\"false\">"
                + "<selection directive=\"first-available\"/></virtualPort></policy>");
        String traceId = "6bf92f3577b34da6a3ce929d0e0e4736";

        SoapReply refused = getQuoteInTrace(VirtualPortEntry.TOMCAT, traceId);
        assertThat(refused.faultCode()).as(refused.text()).contains("NotAuthorized");

        ReceivedSpan admission = awaitSpan(traceId, "admission");
        assertThat(admission.attributes()).containsEntry("sd.admission", "refused").containsEntry("error.type", "NotAuthorized");
        assertThat(admission.status()).isEqualTo("STATUS_CODE_ERROR");
        ReceivedSpan server = serverSpanOf(traceId);
        assertThat(server.name()).isEqualTo("StockQuotePortType/getQuote");
        assertThat(server.attributes()).containsEntry("error.type", "NotAuthorized");
        assertThat(COLLECTOR.spansOf(traceId)).extracting(ReceivedSpan::name).doesNotContain("lookup");
    }

    @Test
    void withPriorityClassesTheTimeInTheQueueIsASpanNamingTheClass() throws Exception {
        usePolicy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/></defaults>"
                + "<priorityClasses defaultTimeoutMs=\"30000\"><qos class=\"middle\" timeoutMs=\"10000\" operation=\"getQuote\"/>"
                + "</priorityClasses></policy>");
        String traceId = "7bf92f3577b34da6a3ce929d0e0e4736";

        SoapReply reply = getQuoteInTrace(VirtualPortEntry.RELAY, traceId);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);

        ReceivedSpan queue = awaitSpan(traceId, "queue");
        assertThat(queue.kind()).isEqualTo("SPAN_KIND_INTERNAL");
        assertThat(queue.attributes()).containsEntry("sd.priority.class", "middle").containsEntry("sd.queue.waited", "false");
        assertThat(queue.parentSpanId()).isEqualTo(serverSpanOf(traceId).spanId());
    }

    @Test
    void thePolicysDecisionIsASpanNamingTheRuleThatMatchedAndItsDirective() throws Exception {
        usePolicy("<policy xmlns=\"urn:sd:policy:1\"><defaults><rule operation=\"getQuote\" directive=\"round-robin\"/>"
                + "<selection directive=\"first-available\"/></defaults></policy>");
        String traceId = "9bf92f3577b34da6a3ce929d0e0e4736";

        SoapReply reply = getQuoteInTrace(VirtualPortEntry.RELAY, traceId);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);

        ReceivedSpan decision = awaitSpan(traceId, "decision");
        assertThat(decision.kind()).isEqualTo("SPAN_KIND_INTERNAL");
        assertThat(decision.attributes()).containsEntry("sd.decision.directive", "round-robin")
                .doesNotContainKeys("sd.service.map", "sd.supplier.levels", "error.type");
        assertThat(decision.attribute("sd.decision.rule")).contains("operation=getQuote", "round-robin");
        assertThat(decision.parentSpanId()).isEqualTo(serverSpanOf(traceId).spanId());
    }

    @Test
    void withoutARuleTheDecisionSpanNamesThePortsDirective() {
        String traceId = "abf92f3577b34da6a3ce929d0e0e4736";

        getQuoteInTrace(VirtualPortEntry.RELAY, traceId);

        assertThat(awaitSpan(traceId, "decision").attributes()).containsEntry("sd.decision.directive", "first-available")
                .doesNotContainKey("sd.decision.rule");
    }

    @Test
    void aStandaloneNodesSpansNameItAsTheServiceInstance() {
        String traceId = "8bf92f3577b34da6a3ce929d0e0e4736";

        getQuoteInTrace(VirtualPortEntry.RELAY, traceId);

        assertThat(serverSpanOf(traceId).resourceAttribute("service.instance.id"))
                .isEqualTo(domain.node().config().hierarchy().nodeName());
    }

    private void usePolicy(String document) throws Exception {
        SetPolicy policy = new SetPolicy();
        policy.setDocument(document);
        domain.node().home().setPolicy(policy);
    }

    /** A getQuote through {@code entry} from the client span {@value #CLIENT_SPAN_ID} of trace {@code traceId}, sampled. */
    private SoapReply getQuoteInTrace(VirtualPortEntry entry, String traceId) {
        return StockQuoteCalls.getQuoteWith(entry.address(domain.node(), "StockQuotePortType"), "ACME",
                Map.of("traceparent", "00-" + traceId + "-" + CLIENT_SPAN_ID + "-01"));
    }

    /** The span named {@code name} of trace {@code traceId}, once the collector has it. */
    private static ReceivedSpan awaitSpan(String traceId, String name) {
        return COLLECTOR.awaitSpan(traceId, s -> s.name().equals(name));
    }

    /** The server span of trace {@code traceId}, once the collector has it. */
    private static ReceivedSpan serverSpanOf(String traceId) {
        return COLLECTOR.awaitServerSpan(traceId);
    }

    private static ReceivedSpan attemptTo(List<ReceivedSpan> spans, SampleProvider provider) {
        return spans.stream().filter(s -> s.kind().equals("SPAN_KIND_CLIENT")
                        && String.valueOf(provider.address().getPort()).equals(s.attribute("server.port")))
                .findFirst().orElseThrow(() -> new AssertionError("no attempt to " + provider.address() + " in " + spans));
    }
}
