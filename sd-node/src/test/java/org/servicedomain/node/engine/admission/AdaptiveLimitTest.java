package org.servicedomain.node.engine.admission;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The adaptive limit against a simulated provider that serves a fixed number of calls at once and
 * queues the rest inside, first come first served, as a thread pool does; the node always has more
 * calls to send than the limit lets on.
 */
class AdaptiveLimitTest {

    private static final long MS = SimulatedQueueingProvider.MS;

    @Test
    void settlesAtWhatAProviderThatQueuesInsideServesAtOnce() {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(10, 100 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);

        provider.run(limit, 30_000);
        List<Integer> settled = provider.run(limit, 30_000);

        assertThat(shareBetween(settled, 9, 12)).as("share of seconds with the limit at 9..12: " + settled).isGreaterThan(0.8);
        assertThat(provider.queuedShare()).as("share of calls that waited inside the provider").isLessThan(0.06);
        assertThat(provider.callsPerSecond()).as("of the 100 per second the provider can serve").isGreaterThan(93);
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "a provider that slows down gets fewer calls at once, 20, 18, 24, 5, 4, 7, 30000",
        "a provider that speeds up gets more calls at once, 5, 4, 7, 40, 30, 52, 60000"})
    void followsTheCallsAProviderServesAtOnce(String specification, int workersBefore, int lowBefore, int highBefore,
            int workersAfter, int lowAfter, int highAfter, int millisAfter) {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(workersBefore, 50 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);
        List<Integer> before = provider.run(limit, 30_000);

        provider.workers = workersAfter;
        List<Integer> after = provider.run(limit, millisAfter);

        assertThat(shareBetween(lastHalf(before), lowBefore, highBefore)).as("before " + before).isGreaterThan(0.8);
        assertThat(shareBetween(lastHalf(after), lowAfter, highAfter)).as("after " + after).isGreaterThan(0.8);
        assertThat(provider.callsPerSecond()).as("of the %d per second it can now serve", workersAfter * 20)
                .isGreaterThan(workersAfter * 20 * 0.8);
    }

    @ParameterizedTest(name = "{0} workers")
    @CsvSource({"4", "10", "40"})
    void theKnownGoodLimitIsWhatTheProviderServesAtOnceAndNeverMoreWhileTheLimitProbesAbove(int workers) {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(workers, 100 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);
        provider.run(limit, 30_000);

        provider.run(limit, 30_000);
        List<Integer> knownGood = provider.knownGoodPerSecond();

        assertThat(provider.highestKnownGood()).as("known-good limits in the settled half minute: " + knownGood)
                .isLessThanOrEqualTo(workers);
        assertThat(shareBetween(knownGood, workers - Math.max(1, workers / 10), workers)).as("known-good limits: " + knownGood)
                .isGreaterThan(0.9);
        assertThat(provider.highestLimit()).as("the limit itself probes above").isGreaterThan(workers);
    }

    @Test
    void beforeItsUnqueuedTimeWasConfirmedNothingIsKnownGoodBeyondTheLimitItself() {
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);

        assertThat(limit.knownGood()).isEqualTo(limit.limit());
    }

    @Test
    void aSteadyProviderIsNotDrainedToMeasureItsUnqueuedTimeAgain() {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(10, 100 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);
        provider.run(limit, 30_000);

        provider.run(limit, 60_000);

        assertThat(provider.lowestLimit()).as("the lowest limit in a minute after settling").isGreaterThanOrEqualTo(9);
    }

    @Test
    void aProviderWhoseCallsTakeLongerButWhoServesAsManyAtOnceKeepsItsLimit() {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(10, 50 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);
        provider.run(limit, 30_000);

        provider.serviceNanos = 150 * MS;
        List<Integer> after = provider.run(limit, 60_000);

        assertThat(shareBetween(lastHalf(after), 9, 13)).as("after " + after).isGreaterThan(0.8);
    }

    @Test
    void aProviderServingManyAtOnceIsNotHeldBackByNoiseInItsResponseTimes() {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(200, 500 * MS);
        provider.jitter = 0.04; // each call takes up to 4 % longer, as a loaded machine makes it
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);

        provider.run(limit, 60_000);
        List<Integer> settled = provider.run(limit, 30_000);

        assertThat(shareBetween(settled, 180, 256)).as("limits: " + settled).isGreaterThan(0.8);
    }

    @Test
    void callsTheirOwnDeadlineEndedBeforeAnUnqueuedCallCouldAnswerDoNotLowerTheLimit() {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(20, 100 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(256, AdaptiveLimit.MIN_RTT_SPAN_NANOS);
        provider.run(limit, 30_000);
        int settled = limit.limit();
        long now = provider.now;

        for (int i = 0; i < 100; i++) { // requests that spent most of their time in the node's queue
            now += 10 * MS;
            limit.sending(settled, now);
            limit.cutShort(30 * MS, settled, now);
            limit.answered(100 * MS, settled, now);
        }
        assertThat(limit.limit()).as("cut after 30 ms of a 100 ms call").isGreaterThanOrEqualTo(settled);

        for (int i = 0; i < 100; i++) { // calls that had already waited longer than an unqueued call takes
            now += 10 * MS;
            limit.sending(settled, now);
            limit.cutShort(300 * MS, settled, now);
        }
        assertThat(limit.limit()).as("cut after 300 ms of a 100 ms call").isLessThan(settled);
    }

    @Test
    void neverExceedsTheConnectionsAnInstanceMayHave() {
        SimulatedQueueingProvider provider = new SimulatedQueueingProvider(500, 10 * MS);
        AdaptiveLimit limit = new AdaptiveLimit(32, AdaptiveLimit.MIN_RTT_SPAN_NANOS);

        List<Integer> limits = provider.run(limit, 30_000);

        assertThat(limits).allSatisfy(l -> assertThat(l).isLessThanOrEqualTo(32));
        assertThat(limit.limit()).isEqualTo(32);
    }

    private static List<Integer> lastHalf(List<Integer> limits) {
        return limits.subList(limits.size() / 2, limits.size());
    }

    private static double shareBetween(List<Integer> limits, int low, int high) {
        return (double) limits.stream().filter(l -> l >= low && l <= high).count() / limits.size();
    }
}
