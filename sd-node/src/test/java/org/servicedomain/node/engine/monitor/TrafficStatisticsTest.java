package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.request;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.FailureKind;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.session.TestClock;

class TrafficStatisticsTest {

    private static final String PORT = "StockQuotePortType";
    private static final long MS = 1_000_000;

    private final TestClock clock = new TestClock();
    private final TrafficStatistics statistics = new TrafficStatistics(Duration.ofSeconds(60), clock);
    private final Instance quote = instance("quote-1");
    private final RequestContext request = request();

    @Test
    void answeredDispatchesGiveTheInstanceItsRequestsAndResponseTimePercentiles() {
        for (int i = 1; i <= 100; i++) {
            answer(quote, i * MS);
        }

        TrafficFigures window = statistics.ofInstance(quote.id()).window();
        assertThat(window.requests()).isEqualTo(100);
        assertThat(window.answered()).isEqualTo(100);
        assertThat(window.meanMs()).isCloseTo(50.5, within(0.01));
        assertThat(window.p50Ms()).isCloseTo(50, within(50 / 8.0));
        assertThat(window.p95Ms()).isCloseTo(95, within(95 / 8.0));
        assertThat(window.p99Ms()).isCloseTo(99, within(99 / 8.0));
        assertThat(window.maxMs()).isEqualTo(100);
        assertThat(statistics.ofInstance(quote.id()).total()).usingRecursiveComparison()
                .ignoringFields("periodSeconds").isEqualTo(window);
    }

    @Test
    void failuresAreCountedByKindForTheInstanceAndItsPort() {
        fail(quote, DispatchException.Kind.CONNECTION);
        fail(quote, DispatchException.Kind.TIMEOUT);
        fail(quote, DispatchException.Kind.TIMEOUT);
        fail(quote, DispatchException.Kind.HTTP_ERROR);
        statistics.dispatching(request, quote);
        statistics.providerFault(request, quote);
        statistics.dispatched(request, quote, MS);

        TrafficFigures instanceWindow = statistics.ofInstance(quote.id()).window();
        assertThat(instanceWindow.requests()).isEqualTo(5);
        assertThat(instanceWindow.failures(FailureKind.CONNECTION)).isEqualTo(1);
        assertThat(instanceWindow.failures(FailureKind.TIMEOUT)).isEqualTo(2);
        assertThat(instanceWindow.failures(FailureKind.HTTP_ERROR)).isEqualTo(1);
        assertThat(instanceWindow.failures(FailureKind.SOAP_FAULT)).isEqualTo(1);
        assertThat(instanceWindow.failures()).isEqualTo(5);
        assertThat(instanceWindow.answered()).as("only the SOAP fault was an answer").isEqualTo(1);
        assertThat(statistics.ofPort(PORT).total().failures(FailureKind.TIMEOUT)).isEqualTo(2);
    }

    @Test
    void theWindowForgetsWhatIsOlderThanItsLengthWhileTheTotalKeepsIt() {
        answer(quote, 5 * MS);
        clock.advance(Duration.ofSeconds(30));
        answer(quote, 7 * MS);
        assertThat(statistics.ofInstance(quote.id()).window().requests()).isEqualTo(2);

        clock.advance(Duration.ofSeconds(40));

        assertThat(statistics.ofInstance(quote.id()).window().requests()).isEqualTo(1);
        assertThat(statistics.ofInstance(quote.id()).window().maxMs()).isEqualTo(7);
        assertThat(statistics.ofInstance(quote.id()).total().requests()).isEqualTo(2);
        assertThat(statistics.ofInstance(quote.id()).total().periodSeconds()).isEqualTo(70);

        clock.advance(Duration.ofSeconds(60));

        assertThat(statistics.ofInstance(quote.id()).window().requests()).isZero();
        assertThat(statistics.ofInstance(quote.id()).window().p95Ms()).isZero();
    }

    @Test
    void requestsThatFoundNoInstanceAreAShareOfThePortsRequests() {
        for (int i = 0; i < 4; i++) {
            statistics.requestStarted(PORT);
            statistics.requestEnded(PORT, 2 * MS, true);
        }
        statistics.requestStarted(PORT);
        statistics.noOperationalInstance(request);
        statistics.requestEnded(PORT, MS, false);

        TrafficFigures window = statistics.ofPort(PORT).window();
        assertThat(window.requests()).isEqualTo(5);
        assertThat(window.noInstance()).isEqualTo(1);
        assertThat(window.noInstancePercent()).isEqualTo(20.0);
        assertThat(window.answered()).isEqualTo(4);
    }

    @Test
    void requestsInFlightRiseAndFallWithThePort() {
        statistics.requestStarted(PORT);
        statistics.requestStarted(PORT);
        assertThat(statistics.ofPort(PORT).inFlight()).isEqualTo(2);
        statistics.requestEnded(PORT, MS, true);
        assertThat(statistics.ofPort(PORT).inFlight()).isEqualTo(1);
    }

    @Test
    void aNewPortIsAnnouncedOnceForItsMeters() {
        java.util.List<String> announced = new java.util.concurrent.CopyOnWriteArrayList<>();
        statistics.onNewPort(announced::add);
        statistics.requestStarted(PORT);
        statistics.requestStarted(PORT);
        assertThat(announced).containsExactly(PORT);
    }

    @Test
    void anUnknownInstanceHasZeroFigures() {
        assertThat(statistics.ofInstance("nobody").window().requests()).isZero();
        assertThat(statistics.ofInstance("nobody").inFlight()).isZero();
    }

    private void answer(Instance instance, long nanos) {
        statistics.dispatching(request, instance);
        statistics.dispatched(request, instance, nanos);
    }

    private void fail(Instance instance, DispatchException.Kind kind) {
        statistics.dispatching(request, instance);
        statistics.dispatchFailed(request, instance, MS, new DispatchException(kind, "failed", null));
    }
}
