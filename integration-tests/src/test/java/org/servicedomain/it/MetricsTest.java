package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.slf4j.LoggerFactory;

/**
 * A real node with two stock-quote providers exports what it did at {@code /sd/metrics} as
 * Prometheus text, and ties each virtual-port request to an {@code X-Request-Id} in its answer and its log lines.
 */
class MetricsTest {

    private static final String PORT = "StockQuotePortType";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("primary", "backup");

    private SampleProvider primary;
    private String primaryId;
    private String backupId;

    @BeforeEach
    void twoStockQuoteProvidersFirstAvailable() throws Exception {
        primary = domain.provider("primary");
        primaryId = Registrations.register(domain.node().home(), primary).getInstanceId();
        backupId = Registrations.register(domain.node().home(), domain.provider("backup")).getInstanceId();
        SetPolicy policy = new SetPolicy();
        policy.setDocument("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/>"
                + "<recovery retries=\"1\" timeoutMs=\"5000\"/></defaults></policy>");
        domain.node().home().setPolicy(policy);
    }

    @Test
    void metricsScrapeAsPrometheusTextCountingServedRequestsFailoversAndDispatchHistograms() {
        int served = 0;
        for (int i = 0; i < 5; i++) {
            served += isServed(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME")) ? 1 : 0;
        }
        primary.stop();
        for (int i = 0; i < 3; i++) {
            served += isServed(StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME")) ? 1 : 0;
        }

        HttpResponse<String> scrape = get(URI.create(domain.node().baseUri() + "/metrics"), Map.of());

        assertThat(served).isEqualTo(8);
        assertThat(scrape.statusCode()).isEqualTo(200);
        assertThat(scrape.headers().firstValue("Content-Type")).hasValueSatisfying(type -> assertThat(type)
                .startsWith("text/plain").contains("version=0.0.4").containsIgnoringCase("charset=utf-8"));
        PrometheusText metrics = PrometheusText.parse(scrape.body());
        assertThat(metrics.sum("sd_requests_total", Map.of("virtual_port", PORT, "outcome", "served"))).isEqualTo(served);
        assertThat(metrics.sum("sd_requests_total", Map.of("virtual_port", PORT, "outcome", "no_instance"))).isZero();
        assertThat(metrics.sum("sd_dispatch_failures_total",
                Map.of("virtual_port", PORT, "instance", primaryId, "kind", "connection"))).isGreaterThanOrEqualTo(1.0);
        assertThat(metrics.samples("sd_dispatch_seconds_bucket", Map.of("instance", backupId, "outcome", "answered", "le", "+Inf")))
                .singleElement().satisfies(s -> assertThat(s.value()).isPositive());
        assertThat(metrics.sum("sd_dispatch_seconds_count", Map.of("instance", primaryId, "outcome", "failed")))
                .isGreaterThanOrEqualTo(1.0);
        assertThat(metrics.samples()).anySatisfy(s -> assertThat(s.name()).isEqualTo("sd_requests_in_flight"));
    }

    @Test
    void requestIdSentByTheClientIsEchoedBack() {
        HttpResponse<String> answer = getQuote(Map.of("X-Request-Id", "client-42.a_b"));

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("X-Request-Id")).hasValue("client-42.a_b");
    }

    @Test
    void requestIdIsGeneratedWhenTheClientSendsNoneOrAnUnsafeOne() {
        HttpResponse<String> none = getQuote(Map.of());
        HttpResponse<String> unsafe = getQuote(Map.of("X-Request-Id", "x".repeat(65)));

        assertThat(none.headers().firstValue("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches("[0-9a-f]{32}"));
        assertThat(unsafe.headers().firstValue("X-Request-Id")).hasValueSatisfying(id -> assertThat(id).matches("[0-9a-f]{32}"));
        assertThat(none.headers().firstValue("X-Request-Id")).isNotEqualTo(unsafe.headers().firstValue("X-Request-Id"));
    }

    @Test
    void logLinesOfARequestCarryItsRequestId() {
        List<String> idsOnLogLines = Collections.synchronizedList(new ArrayList<>());
        AppenderBase<ILoggingEvent> recorder = new AppenderBase<>() {
            @Override
            protected void append(ILoggingEvent event) { // on the logging thread, so the MDC is the request's
                idsOnLogLines.add(String.valueOf(event.getMDCPropertyMap().get("requestId")));
            }
        };
        Logger nodeLogger = (Logger) LoggerFactory.getLogger("org.servicedomain");
        recorder.start();
        nodeLogger.addAppender(recorder);
        try {
            primary.stop(); // the failover is logged while the request is handled

            HttpResponse<String> answer = getQuote(Map.of("X-Request-Id", "failover-1"));

            assertThat(answer.statusCode()).isEqualTo(200);
        } finally {
            nodeLogger.detachAppender(recorder);
            recorder.stop();
        }
        assertThat(idsOnLogLines).contains("failover-1");
    }

    @Test
    void logLinesOfAHomePortCallCarryARequestIdToo() {
        List<String> idsOnLogLines = Collections.synchronizedList(new ArrayList<>());
        AppenderBase<ILoggingEvent> recorder = new AppenderBase<>() {
            @Override
            protected void append(ILoggingEvent event) {
                idsOnLogLines.add(String.valueOf(event.getMDCPropertyMap().get("requestId")));
            }
        };
        Logger homeLogger = (Logger) LoggerFactory.getLogger("org.servicedomain.node.entry.home.HomePort");
        recorder.start();
        homeLogger.addAppender(recorder);
        try {
            SetServiceInfo unknown = new SetServiceInfo();
            unknown.setInstanceId("no-such-instance");
            assertThat(catchThrowableOfType(HomeFault.class, () -> domain.node().home().setServiceInfo(unknown))
                    .getFaultInfo().getCode()).isEqualTo("UnknownInstance"); // refusals are logged
        } finally {
            homeLogger.detachAppender(recorder);
            recorder.stop();
        }
        assertThat(idsOnLogLines).isNotEmpty().allSatisfy(id -> assertThat(id).matches("[0-9a-f]{32}"));
    }

    private static boolean isServed(SoapReply reply) {
        return reply.status() == 200 && !reply.isSoapFault();
    }

    private HttpResponse<String> getQuote(Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(domain.node().virtualPortAddress(PORT))
                .header("Content-Type", "text/xml; charset=UTF-8")
                .header("SOAPAction", StockQuoteCalls.GET_QUOTE_ACTION)
                .POST(HttpRequest.BodyPublishers.ofString(
                        SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME"))));
        headers.forEach(request::header);
        return send(request);
    }

    private static HttpResponse<String> get(URI address, Map<String, String> headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(address).GET();
        headers.forEach(request::header);
        return send(request);
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("the node did not answer", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }
}
