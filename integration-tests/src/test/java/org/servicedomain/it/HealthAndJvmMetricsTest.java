package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A real node answers load balancers at {@code /sd/health/*}, and its {@code /sd/metrics} carries JVM
 * and process series from the start and the dispatch times as histogram buckets that nodes can add up.
 */
class HealthAndJvmMetricsTest {

    private static final String PORT = "StockQuotePortType";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote");

    @Test
    void livenessAnswersUpAsJson() throws IOException {
        HttpResponse<String> live = get("/health/live");

        assertThat(live.statusCode()).isEqualTo(200);
        assertThat(live.headers().firstValue("Content-Type")).hasValueSatisfying(t -> assertThat(t).startsWith("application/json"));
        assertThat(JSON.readTree(live.body()).path("status").asText()).isEqualTo("UP");
    }

    @Test
    void readinessListsTheCatalogAndPolicyChecksAsUp() throws IOException {
        HttpResponse<String> ready = get("/health/ready");

        assertThat(ready.statusCode()).isEqualTo(200);
        JsonNode body = JSON.readTree(ready.body());
        assertThat(body.path("status").asText()).isEqualTo("UP");
        assertThat(body.path("checks").findValuesAsText("name")).contains("catalog", "policy");
        assertThat(body.path("checks").findValuesAsText("status")).containsOnly("UP");
    }

    @Test
    void anUnknownHealthPathIsNotFound() {
        assertThat(get("/health/whatever").statusCode()).isEqualTo(404);
    }

    @Test
    void aFreshNodeServesJvmAndProcessSeriesAndItsBuildBeforeAnyRequest() {
        PrometheusText metrics = scrape();

        assertThat(metrics.sum("jvm_memory_used_bytes", Map.of("area", "heap"))).isPositive();
        assertThat(metrics.sum("jvm_threads_live_threads", Map.of())).isPositive();
        assertThat(metrics.sum("jvm_classes_loaded_classes", Map.of())).isPositive();
        assertThat(metrics.sum("process_uptime_seconds", Map.of())).isPositive();
        assertThat(metrics.samples("process_cpu_usage", Map.of())).hasSize(1);
        assertThat(metrics.samples("system_cpu_count", Map.of())).hasSize(1);
        assertThat(metrics.samples("process_files_open_files", Map.of())).hasSize(1);
        assertThat(metrics.samples("jvm_gc_memory_allocated_bytes_total", Map.of())).hasSize(1);
        assertThat(metrics.samples("sd_build_info", Map.of())).singleElement()
                .satisfies(s -> assertThat(s.labels()).containsKeys("version", "build"));
    }

    @Test
    void dispatchTimesAreHistogramBucketsFromRegistrationOnAndCountTheFirstRequest() throws Exception {
        String instance = Registrations.register(domain.node().home(), domain.provider("quote")).getInstanceId();
        Map<String, String> answered = Map.of("virtual_port", PORT, "instance", instance, "outcome", "answered");

        List<PrometheusText.Sample> before = scrape().samples("sd_dispatch_seconds_bucket", answered);
        SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress(PORT), "ACME");
        PrometheusText after = scrape();

        assertThat(before).hasSizeGreaterThan(5).allSatisfy(b -> assertThat(b.value()).isZero());
        assertThat(before).extracting(b -> b.labels().get("le")).contains("+Inf");
        assertThat(reply.status()).isEqualTo(200);
        assertThat(after.samples("sd_dispatch_seconds_bucket", Map.of("virtual_port", PORT, "instance", instance,
                "outcome", "answered", "le", "+Inf"))).singleElement().satisfies(b -> assertThat(b.value()).isEqualTo(1.0));
        assertThat(after.sum("sd_dispatch_seconds_count", answered)).isEqualTo(1.0);
        assertThat(after.samples("sd_dispatch_seconds", Map.of())).as("no client-side quantiles").isEmpty();
    }

    private PrometheusText scrape() {
        return PrometheusText.scrape(URI.create(domain.node().baseUri() + "/metrics"));
    }

    private HttpResponse<String> get(String path) {
        try {
            return HTTP.send(HttpRequest.newBuilder(URI.create(domain.node().baseUri() + path)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
