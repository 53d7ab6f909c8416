package org.servicedomain.node.engine.monitor;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import org.servicedomain.node.core.FailureKind;

/**
 * Exports the monitor's per-port statistics at {@code /sd/metrics}, registered when a port sees its
 * first request: requests that found no instance, failures by kind, requests in flight, and the
 * sliding window's requests, no-instance ratio and response-time percentiles. Read when scraped.
 */
public final class StatisticsMeters {

    /** {@code sd_requests_without_instance_total}: requests that found no operational instance. */
    public static final String WITHOUT_INSTANCE = "sd.requests.without.instance";
    /** {@code sd_port_failures_total}: failures of the port's dispatches by kind, SOAP faults included. */
    public static final String PORT_FAILURES = "sd.port.failures";
    /** {@code sd_port_requests_in_flight}: requests on the port not yet answered. */
    public static final String PORT_IN_FLIGHT = "sd.port.requests.in.flight";
    /** {@code sd_window_requests}: requests on the port in the sliding window. */
    public static final String WINDOW_REQUESTS = "sd.window.requests";
    /** {@code sd_window_no_instance_ratio}: share of the window's requests that found no instance. */
    public static final String WINDOW_NO_INSTANCE = "sd.window.no.instance.ratio";
    /** {@code sd_window_response_seconds}: response-time quantiles of the port over the window. */
    public static final String WINDOW_RESPONSE = "sd.window.response";

    private final MeterRegistry registry;
    private final TrafficStatistics statistics;

    private StatisticsMeters(MeterRegistry registry, TrafficStatistics statistics) {
        this.registry = registry;
        this.statistics = statistics;
    }

    /** Registers the meters of every port {@code statistics} comes to know; {@link #forget(String)} drops a port's. */
    public static StatisticsMeters bind(MeterRegistry registry, TrafficStatistics statistics) {
        StatisticsMeters meters = new StatisticsMeters(registry, statistics);
        statistics.onNewPort(meters::register);
        return meters;
    }

    /** Drops the meters of a virtual port that left the catalog. */
    public void forget(String port) {
        registry.getMeters().stream().filter(m -> port.equals(m.getId().getTag(MetricsListener.PORT_TAG))
                && m.getId().getTag(MetricsListener.INSTANCE_TAG) == null).toList().forEach(registry::remove);
    }

    private void register(String port) {
        TrafficStatistics s = statistics;
        FunctionCounter.builder(WITHOUT_INSTANCE, s, t -> t.ofPort(port).total().noInstance())
                .description("Requests that found no operational instance of their virtual port")
                .tags(MetricsListener.PORT_TAG, port).register(registry);
        for (FailureKind kind : FailureKind.values()) {
            FunctionCounter.builder(PORT_FAILURES, s, t -> t.ofPort(port).total().failures(kind))
                    .description("Failed dispatches of the virtual port, and its providers' SOAP faults, by kind")
                    .tags(MetricsListener.PORT_TAG, port, MetricsListener.KIND_TAG, kind.label()).register(registry);
        }
        Gauge.builder(PORT_IN_FLIGHT, s, t -> t.ofPort(port).inFlight())
                .description("Requests on the virtual port not yet answered")
                .tags(MetricsListener.PORT_TAG, port).strongReference(true).register(registry);
        Gauge.builder(WINDOW_REQUESTS, s, t -> t.ofPort(port).window().requests())
                .description("Requests on the virtual port in the sliding window")
                .tags(MetricsListener.PORT_TAG, port).strongReference(true).register(registry);
        Gauge.builder(WINDOW_NO_INSTANCE, s, t -> t.ofPort(port).window().noInstancePercent() / 100)
                .description("Share of the window's requests that found no operational instance")
                .tags(MetricsListener.PORT_TAG, port).strongReference(true).register(registry);
        quantile(port, "0.5", f -> f.p50Ms());
        quantile(port, "0.95", f -> f.p95Ms());
        quantile(port, "0.99", f -> f.p99Ms());
    }

    private void quantile(String port, String quantile, java.util.function.ToDoubleFunction<TrafficFigures> ms) {
        Gauge.builder(WINDOW_RESPONSE, statistics, t -> ms.applyAsDouble(t.ofPort(port).window()) / 1000)
                .description("Response time of the virtual port's answered requests over the sliding window")
                .baseUnit("seconds")
                .tags(MetricsListener.PORT_TAG, port, "quantile", quantile).strongReference(true).register(registry);
    }
}
