package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.xml.ws.BindingProvider;
import jakarta.xml.ws.handler.MessageContext;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.InvokeOperation;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.LogCapture;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * W3C Trace Context on a virtual-port call without an exporter: the node joins a client's valid
 * {@code traceparent}, starts a trace when there is none, it is invalid or it came more than once,
 * and passes it to the provider with a span id of its own as the parent and the {@code tracestate}
 * unchanged (several lines of it combined with commas), alike on every entry.
 */
class TraceContextTest {

    static final String CLIENT_TRACE_ID = "4bf92f3577b34da6a3ce929d0e0e4736";
    static final String CLIENT_SPAN_ID = "00f067aa0ba902b7";
    static final String CLIENT_TRACEPARENT = "00-" + CLIENT_TRACE_ID + "-" + CLIENT_SPAN_ID + "-01";
    static final String OTHER_TRACE_ID = "0af7651916cd43dd8448eb211c80319c";
    static final String OTHER_TRACEPARENT = "00-" + OTHER_TRACE_ID + "-b7ad6b7169203331-01";
    static final Pattern TRACEPARENT = Pattern.compile("00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]");

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quotes");

    private SampleProvider quotes;

    @BeforeEach
    void oneProvider() throws Exception {
        quotes = domain.provider("quotes");
        Registrations.register(domain.node().home(), quotes);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aClientsTraceparentReachesTheProviderWithTheSameTraceIdAndTheNodesSpanAsParent(VirtualPortEntry entry) {
        call(entry, Map.of("traceparent", CLIENT_TRACEPARENT, "tracestate", "congo=t61rcWkgMzE,rojo=00f067aa0ba902b7"));

        Matcher sent = sentTraceparent();
        assertThat(sent.group(1)).isEqualTo(CLIENT_TRACE_ID);
        assertThat(sent.group(2)).isNotEqualTo(CLIENT_SPAN_ID).isNotEqualTo("0000000000000000");
        assertThat(quotes.lastTraceparent()).endsWith("-01");
        assertThat(quotes.lastTracestate()).isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void withoutATraceparentTheProviderGetsANewValidOneForEachCall(VirtualPortEntry entry) {
        call(entry, Map.of());
        String first = sentTraceparent().group(1);
        assertThat(quotes.lastTracestate()).isNull();

        call(entry, Map.of());
        String second = sentTraceparent().group(1);

        assertThat(first).isNotEqualTo("0".repeat(32));
        assertThat(second).isNotEqualTo(first);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void twoTraceparentHeadersAreInvalidSoANewTraceStartsAndTheTracestateIsDropped(VirtualPortEntry entry) {
        SoapReply reply = StockQuoteCalls.getQuoteWithHeaderLines(entry.address(domain.node(), "StockQuotePortType"), "ACME",
                Map.of("traceparent", List.of(CLIENT_TRACEPARENT, OTHER_TRACEPARENT), "tracestate", List.of("congo=t61rcWkgMzE")));
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);

        assertThat(sentTraceparent().group(1)).isNotEqualTo(CLIENT_TRACE_ID).isNotEqualTo(OTHER_TRACE_ID);
        assertThat(quotes.lastTracestate()).isNull();
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void tracestateHeadersAreCombinedWithCommasInTheirOrder(VirtualPortEntry entry) {
        SoapReply reply = StockQuoteCalls.getQuoteWithHeaderLines(entry.address(domain.node(), "StockQuotePortType"), "ACME",
                Map.of("traceparent", List.of(CLIENT_TRACEPARENT),
                        "tracestate", List.of("congo=t61rcWkgMzE", "rojo=00f067aa0ba902b7")));
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);

        assertThat(sentTraceparent().group(1)).isEqualTo(CLIENT_TRACE_ID);
        assertThat(quotes.lastTracestate()).isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    }

    @Test
    void invokeOperationTreatsRepeatedTraceHeadersAsTheVirtualPortsDo() {
        String body = SoapExchange.soap11(null, "<h:invokeOperation xmlns:h=\"urn:sd:home:1\">"
                + "<h:virtualPort>StockQuotePortType</h:virtualPort><h:operation>getQuote</h:operation><h:payload>"
                + StockQuoteCalls.getQuoteBody("ACME").replace("<", "&lt;") + "</h:payload></h:invokeOperation>");

        SoapReply twice = SoapExchange.postWithHeaderLines(domain.node().homeAddress(), "text/xml; charset=UTF-8", "",
                body.getBytes(StandardCharsets.UTF_8), Map.of("traceparent", List.of(CLIENT_TRACEPARENT, OTHER_TRACEPARENT)));
        assertThat(twice.isSoapFault()).as(twice.text()).isFalse();
        assertThat(sentTraceparent().group(1)).isNotEqualTo(CLIENT_TRACE_ID).isNotEqualTo(OTHER_TRACE_ID);

        SoapReply states = SoapExchange.postWithHeaderLines(domain.node().homeAddress(), "text/xml; charset=UTF-8", "",
                body.getBytes(StandardCharsets.UTF_8), Map.of("traceparent", List.of(CLIENT_TRACEPARENT),
                        "tracestate", List.of("congo=t61rcWkgMzE", "rojo=00f067aa0ba902b7")));
        assertThat(states.isSoapFault()).as(states.text()).isFalse();
        assertThat(sentTraceparent().group(1)).isEqualTo(CLIENT_TRACE_ID);
        assertThat(quotes.lastTracestate()).isEqualTo("congo=t61rcWkgMzE,rojo=00f067aa0ba902b7");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "00-4BF92F3577B34DA6A3CE929D0E0E4736-00F067AA0BA902B7-01", // uppercase hex
        "00-00000000000000000000000000000000-00f067aa0ba902b7-01", // all-zero trace id
        "00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01", // all-zero parent id
        "ff-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01", // the forbidden version
        "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01-extra", // version 00 with more fields
        "00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01", // a trace id one digit short
        "00_4bf92f3577b34da6a3ce929d0e0e4736_00f067aa0ba902b7_01", // wrong separators
        "not a traceparent at all, but long enough to be checked",
    })
    void anInvalidTraceparentIsReplacedAndItsTracestateDropped(String invalid) {
        call(VirtualPortEntry.RELAY, Map.of("traceparent", invalid, "tracestate", "congo=t61rcWkgMzE"));

        Matcher sent = sentTraceparent();
        assertThat(sent.group(1)).isNotEqualTo(CLIENT_TRACE_ID).isNotEqualToIgnoringCase(invalid.substring(3, 35));
        assertThat(quotes.lastTracestate()).isNull();
    }

    @Test
    void aLaterVersionIsJoinedAndPassedOnAsVersion00() {
        call(VirtualPortEntry.RELAY, Map.of("traceparent", "01-" + CLIENT_TRACE_ID + "-" + CLIENT_SPAN_ID + "-01-future"));

        assertThat(sentTraceparent().group(1)).isEqualTo(CLIENT_TRACE_ID);
    }

    @Test
    void theProviderShowsTheLastTraceparentAtItsTracePage() throws Exception {
        call(VirtualPortEntry.TOMCAT, Map.of("traceparent", CLIENT_TRACEPARENT));

        HttpResponse<String> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                quotes.address().resolve("/provider/trace")).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(page.body()).startsWith("traceparent: 00-" + CLIENT_TRACE_ID + "-").contains("tracestate: -");
    }

    @Test
    void invokeOperationJoinsTheTraceOfTheHomePortCall() throws Exception {
        HomePortType home = domain.node().home();
        ((BindingProvider) home).getRequestContext().put(MessageContext.HTTP_REQUEST_HEADERS,
                Map.of("traceparent", List.of(CLIENT_TRACEPARENT)));
        InvokeOperation invoke = new InvokeOperation();
        invoke.setVirtualPort("StockQuotePortType");
        invoke.setOperation("getQuote");
        invoke.setPayload(StockQuoteCalls.getQuoteBody("ACME"));

        assertThat(home.invokeOperation(invoke).getPayload()).contains("getQuoteResponse");
        assertThat(sentTraceparent().group(1)).isEqualTo(CLIENT_TRACE_ID);
    }

    @Test
    void logLinesOfTheCallCarryItsTraceId() {
        quotes.stop(); // the failed dispatch is logged while the call is handled
        try (LogCapture log = LogCapture.start()) {
            StockQuoteCalls.getQuoteWith(VirtualPortEntry.RELAY.address(domain.node(), "StockQuotePortType"), "ACME",
                    Map.of("traceparent", CLIENT_TRACEPARENT, "X-Request-Id", "traced-1"));

            assertThat(log.eventsOf("org.servicedomain"))
                    .filteredOn(e -> "traced-1".equals(e.getMDCPropertyMap().get("requestId")))
                    .isNotEmpty()
                    .allSatisfy(e -> assertThat(e.getMDCPropertyMap()).containsEntry("traceId", CLIENT_TRACE_ID));
        }
    }

    private void call(VirtualPortEntry entry, Map<String, String> headers) {
        URI port = entry.address(domain.node(), "StockQuotePortType");
        SoapReply reply = StockQuoteCalls.getQuoteWith(port, "ACME", headers);
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
    }

    private Matcher sentTraceparent() {
        String sent = quotes.lastTraceparent();
        assertThat(sent).as("the traceparent the provider got").isNotNull().matches(TRACEPARENT);
        Matcher matcher = TRACEPARENT.matcher(sent);
        assertThat(matcher.matches()).isTrue();
        return matcher;
    }
}
