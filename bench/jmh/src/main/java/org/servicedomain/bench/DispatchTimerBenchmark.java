package org.servicedomain.bench;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What one dispatch costs the Micrometer dispatch timer ({@code sd_dispatch_seconds}), as it was
 * (client-side quantiles 0.5/0.95/0.99) and as it is (fixed histogram buckets), against a plain
 * timer: the reason the node publishes buckets and leaves quantiles to Prometheus.
 * {@code java -jar bench/jmh/target/sd-bench-jmh.jar DispatchTimerBenchmark}
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class DispatchTimerBenchmark {

    private static final Duration[] BUCKETS = {Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5),
        Duration.ofMillis(10), Duration.ofMillis(25), Duration.ofMillis(50), Duration.ofMillis(100),
        Duration.ofMillis(250), Duration.ofMillis(500), Duration.ofSeconds(1), Duration.ofMillis(2500),
        Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(30)};

    private Timer plain;
    private Timer clientQuantiles;
    private Timer buckets;

    @Setup
    public void timers() {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        plain = Timer.builder("plain").register(registry);
        clientQuantiles = Timer.builder("quantiles").publishPercentiles(0.5, 0.95, 0.99).register(registry);
        buckets = Timer.builder("buckets").serviceLevelObjectives(BUCKETS).register(registry);
    }

    /** A dispatch time between 0.2 and 20 ms, as a provider on a LAN answers. */
    private static long nanos() {
        return ThreadLocalRandom.current().nextLong(200_000, 20_000_000);
    }

    @Benchmark
    public void plainTimer() {
        plain.record(nanos(), TimeUnit.NANOSECONDS);
    }

    @Benchmark
    public void clientSideQuantiles() {
        clientQuantiles.record(nanos(), TimeUnit.NANOSECONDS);
    }

    @Benchmark
    public void histogramBuckets() {
        buckets.record(nanos(), TimeUnit.NANOSECONDS);
    }
}
