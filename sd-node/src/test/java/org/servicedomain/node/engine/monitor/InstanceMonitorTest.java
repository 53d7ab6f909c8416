package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.servicedomain.node.TestInstances.instance;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;

class InstanceMonitorTest {

    private static final long MS = 1_000_000L;

    private final InstanceMonitor monitor = new InstanceMonitor();
    private final Instance a = instance("a");
    private final Instance b = instance("b");

    @Test
    void reportsNothingForAnInstanceItHasNotSeen() {
        InstanceMonitor.InstanceStats stats = monitor.statsOf("never-used");

        assertThat(stats.requests()).isZero();
        assertThat(stats.failures()).isZero();
        assertThat(stats.meanLatencyMs()).isZero();
        assertThat(stats.outstanding()).isZero();
        assertThat(monitor.outstanding("never-used")).isZero();
        assertThat(monitor.recentLatencyMs("never-used")).isNaN();
    }

    @Test
    void countsRequestsFailuresAndMeanLatency() {
        monitor.dispatched(null, a, 10 * MS);
        monitor.dispatched(null, a, 20 * MS);
        monitor.dispatchFailed(null, a, 30 * MS, timeout());

        InstanceMonitor.InstanceStats stats = monitor.statsOf("a");

        assertThat(stats.requests()).isEqualTo(3);
        assertThat(stats.failures()).isEqualTo(1);
        assertThat(stats.meanLatencyMs()).isCloseTo(20.0, within(1e-9));
    }

    @Test
    void keepsEachInstanceCountsApart() {
        monitor.dispatched(null, a, 4 * MS);
        monitor.dispatchFailed(null, b, 8 * MS, timeout());
        monitor.dispatchFailed(null, b, 2 * MS, timeout());

        assertThat(monitor.statsOf("a")).isEqualTo(new InstanceMonitor.InstanceStats(1, 0, 4.0, 0));
        assertThat(monitor.statsOf("b")).isEqualTo(new InstanceMonitor.InstanceStats(2, 2, 5.0, 0));
    }

    @Test
    void countsRequestsInFlightUntilTheyAreAnsweredOrFail() {
        monitor.dispatching(null, a);
        monitor.dispatching(null, a);
        monitor.dispatching(null, a);
        monitor.dispatching(null, b);

        assertThat(monitor.outstanding("a")).isEqualTo(3);
        assertThat(monitor.outstanding("b")).isEqualTo(1);

        monitor.dispatched(null, a, 5 * MS);
        monitor.dispatchFailed(null, a, 5 * MS, timeout());

        assertThat(monitor.outstanding("a")).isEqualTo(1);
        assertThat(monitor.statsOf("a").outstanding()).isEqualTo(1);
        assertThat(monitor.outstanding("b")).isEqualTo(1);
    }

    @Test
    void neverCountsFewerThanZeroInFlight() {
        monitor.dispatched(null, a, MS);
        monitor.dispatchFailed(null, a, MS, timeout());
        monitor.dispatching(null, a);

        assertThat(monitor.outstanding("a")).isEqualTo(1);
    }

    @Test
    void countsRequestsInFlightExactlyUnderConcurrentDispatches() throws Exception {
        int threads = 8;
        int dispatches = 10_000;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            runTogether(pool, threads, () -> {
                for (int i = 0; i < dispatches; i++) {
                    monitor.dispatching(null, a);
                }
            });
            assertThat(monitor.outstanding("a")).isEqualTo(threads * dispatches);

            runTogether(pool, threads, () -> {
                for (int i = 0; i < dispatches; i++) {
                    if (i % 2 == 0) {
                        monitor.dispatched(null, a, MS);
                    } else {
                        monitor.dispatchFailed(null, a, MS, timeout());
                    }
                }
            });
            assertThat(monitor.outstanding("a")).isZero();
            assertThat(monitor.statsOf("a").requests()).isEqualTo((long) threads * dispatches);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void hasNoRecentLatencyUntilTheFirstDispatchEndsThenTakesIt() {
        assertThat(monitor.recentLatencyMs("a")).isNaN();

        monitor.dispatched(null, a, 40 * MS);

        assertThat(monitor.recentLatencyMs("a")).isCloseTo(40.0, within(1e-9));
    }

    @Test
    void anInstanceThatOnlyFailsLooksSlowNotUnmeasured() {
        monitor.dispatching(null, a);
        monitor.dispatchFailed(null, a, 1 * MS, timeout());

        assertThat(monitor.recentLatencyMs("a")).isEqualTo(InstanceMonitor.FAILURE_LATENCY_MS);
    }

    @Test
    void movesTheRecentLatencyAFifthOfTheWayTowardEachNewAnswer() {
        monitor.dispatched(null, a, 100 * MS);
        monitor.dispatched(null, a, 200 * MS);

        assertThat(monitor.recentLatencyMs("a")).isCloseTo(120.0, within(1e-9));

        monitor.dispatched(null, a, 20 * MS);

        assertThat(monitor.recentLatencyMs("a")).isCloseTo(100.0, within(1e-9));
    }

    @Test
    void recentLatencyConvergesOnANewSteadyResponseTime() {
        monitor.dispatched(null, a, 500 * MS);
        for (int i = 0; i < 50; i++) {
            monitor.dispatched(null, a, 10 * MS);
        }

        assertThat(monitor.recentLatencyMs("a")).isCloseTo(10.0, within(0.01));
        assertThat(monitor.statsOf("a").meanLatencyMs()).as("the mean still remembers the slow answer")
                .isGreaterThan(15.0);
    }

    @Test
    void aFailedDispatchCountsAsTheFailurePenaltyInTheRecentLatency() {
        monitor.dispatched(null, a, 30 * MS);
        monitor.dispatchFailed(null, a, 1 * MS, timeout());

        double expected = 30.0 + InstanceMonitor.LATENCY_ALPHA * (InstanceMonitor.FAILURE_LATENCY_MS - 30.0);
        assertThat(monitor.recentLatencyMs("a")).isCloseTo(expected, within(1e-9));
    }

    @Test
    void keepsARecentLatencyThatIsAPlausibleAverageUnderConcurrentAnswers() throws Exception {
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            runTogether(pool, threads, () -> {
                for (int i = 0; i < 5_000; i++) {
                    monitor.dispatched(null, a, (i % 2 == 0 ? 10 : 30) * MS);
                }
            });
        } finally {
            pool.shutdownNow();
        }

        assertThat(monitor.recentLatencyMs("a")).isBetween(10.0, 30.0);
    }

    private static void runTogether(ExecutorService pool, int threads, Runnable work) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Void>> done = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Callable<Void> task = () -> {
                start.await();
                work.run();
                return null;
            };
            done.add(pool.submit(task));
        }
        start.countDown();
        for (Future<Void> f : done) {
            f.get();
        }
    }

    private static DispatchException timeout() {
        return new DispatchException(DispatchException.Kind.TIMEOUT, "no response within 30000 ms", null);
    }
}
