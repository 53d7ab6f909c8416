package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instance;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;

class MetricsListenerTest {

    private static final long MS = 1_000_000L;
    private static final String PORT = "StockQuotePortType";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final InstanceMonitor monitor = new InstanceMonitor();
    private final MetricsListener listener = new MetricsListener(registry, monitor);
    private final Instance a = instance("a");
    private final Instance b = instance("b");

    @Test
    void timesAnsweredDispatchesPerPortAndInstance() {
        listener.dispatched(null, a, 10 * MS);
        listener.dispatched(null, a, 30 * MS);
        listener.dispatched(null, b, 5 * MS);

        Timer aAnswered = timer("a", "answered");
        assertThat(aAnswered.count()).isEqualTo(2);
        assertThat(aAnswered.totalTime(TimeUnit.MILLISECONDS)).isEqualTo(40.0);
        assertThat(timer("b", "answered").count()).isEqualTo(1);
        assertThat(timer("a", "failed").count()).isZero();
    }

    @Test
    void forgettingAnInstanceRemovesItsMetersAndKeepsTheOthers() {
        listener.dispatching(null, a);
        listener.dispatched(null, a, 10 * MS);
        listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.CONNECTION));
        listener.dispatched(null, b, 5 * MS);

        listener.forget("a");

        assertThat(registry.getMeters()).noneMatch(m -> "a".equals(m.getId().getTag("instance")));
        assertThat(timer("b", "answered").count()).isEqualTo(1);
        listener.dispatched(null, a, 20 * MS);
        assertThat(timer("a", "answered").count()).as("a returning starts afresh").isEqualTo(1);
    }

    @Test
    void timesFailedDispatchesApartFromAnsweredOnes() {
        listener.dispatched(null, a, 10 * MS);
        listener.dispatchFailed(null, a, 700 * MS, failure(DispatchException.Kind.TIMEOUT));

        assertThat(timer("a", "answered").count()).isEqualTo(1);
        assertThat(timer("a", "failed").count()).isEqualTo(1);
        assertThat(timer("a", "failed").totalTime(TimeUnit.MILLISECONDS)).isEqualTo(700.0);
    }

    @Test
    void countsFailuresByKindWithLowerCaseKindLabels() {
        listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.CONNECTION));
        listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.CONNECTION));
        listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.TIMEOUT));
        listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.HTTP_ERROR));
        listener.dispatchFailed(null, b, MS, failure(DispatchException.Kind.PROTOCOL));

        assertThat(failures("a", "connection").count()).isEqualTo(2.0);
        assertThat(failures("a", "timeout").count()).isEqualTo(1.0);
        assertThat(failures("a", "http_error").count()).isEqualTo(1.0);
        assertThat(failures("b", "protocol").count()).isEqualTo(1.0);
        assertThat(registry.find(MetricsListener.DISPATCH_FAILURES).tag("instance", "b").tag("kind", "connection").counter())
                .isNull();
    }

    @Test
    void publishesEachInstanceRequestsInFlightFromTheInstanceLoad() {
        dispatching(a);
        dispatching(a);
        dispatching(b);
        monitor.dispatched(null, b, MS);
        listener.dispatched(null, b, MS);

        assertThat(inFlight("a").value()).isEqualTo(2.0);
        assertThat(inFlight("b").value()).isZero();
    }

    @Test
    void reusesTheSameMetersForRepeatedDispatches() {
        dispatching(a);
        listener.dispatched(null, a, MS);
        listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.CONNECTION));
        int meters = registry.getMeters().size();

        for (int i = 0; i < 100; i++) {
            dispatching(a);
            listener.dispatched(null, a, MS);
            listener.dispatchFailed(null, a, MS, failure(DispatchException.Kind.CONNECTION));
        }

        assertThat(registry.getMeters()).hasSize(meters);
        assertThat(timer("a", "answered").count()).isEqualTo(101);
    }

    @Test
    void exposesDispatchHistogramsAndCountersInPrometheusText() {
        PrometheusMeterRegistry prometheus = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        MetricsListener toPrometheus = new MetricsListener(prometheus, monitor);
        toPrometheus.dispatching(null, a);
        toPrometheus.dispatched(null, a, 20 * MS);
        toPrometheus.dispatchFailed(null, b, 3 * MS, failure(DispatchException.Kind.HTTP_ERROR));

        String text = prometheus.scrape();

        assertThat(sample(text, "sd_dispatch_seconds_bucket", "instance=\"a\"", "outcome=\"answered\"", "le=\"0.025\"")).isEqualTo(1.0);
        assertThat(sample(text, "sd_dispatch_seconds_bucket", "instance=\"a\"", "outcome=\"answered\"", "le=\"0.01\"")).isZero();
        assertThat(text).doesNotContain("quantile=");
        assertThat(sample(text, "sd_dispatch_seconds_count", "instance=\"a\"", "outcome=\"answered\"")).isEqualTo(1.0);
        assertThat(sample(text, "sd_dispatch_failures_total", "instance=\"b\"", "kind=\"http_error\"")).isEqualTo(1.0);
        assertThat(sample(text, "sd_requests_in_flight", "instance=\"a\"", "virtual_port=\"" + PORT + "\"")).isZero();
    }

    /** The value of the one sample of {@code name} whose labels include {@code labels}, in any order. */
    private static double sample(String exposition, String name, String... labels) {
        List<String> found = exposition.lines()
                .filter(line -> line.startsWith(name + "{"))
                .filter(line -> Arrays.stream(labels).allMatch(line::contains))
                .toList();
        assertThat(found).as("samples of %s with %s in%n%s", name, Arrays.toString(labels), exposition).hasSize(1);
        String line = found.get(0);
        return Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1));
    }

    private void dispatching(Instance instance) {
        monitor.dispatching(null, instance);
        listener.dispatching(null, instance);
    }

    private Timer timer(String instance, String outcome) {
        return registry.get(MetricsListener.DISPATCH)
                .tags("virtual_port", PORT, "instance", instance, "outcome", outcome).timer();
    }

    private Counter failures(String instance, String kind) {
        return registry.get(MetricsListener.DISPATCH_FAILURES)
                .tags("virtual_port", PORT, "instance", instance, "kind", kind).counter();
    }

    private Gauge inFlight(String instance) {
        return registry.get(MetricsListener.IN_FLIGHT).tags("virtual_port", PORT, "instance", instance).gauge();
    }

    private static DispatchException failure(DispatchException.Kind kind) {
        return new DispatchException(kind, "injected " + kind, null);
    }
}
