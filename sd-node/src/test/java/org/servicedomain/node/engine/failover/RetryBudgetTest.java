package org.servicedomain.node.engine.failover;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RetryBudgetTest {

    private final RetryBudget budget = new RetryBudget();

    @Test
    void allowsAFewRetriesInFlightEvenWhenFewRequestsAre() {
        RetryBudget.Port port = budget.requestStarted("Quotes");
        assertThat(port.tryRetry(20)).isTrue();
        assertThat(port.tryRetry(20)).isTrue();
        assertThat(port.tryRetry(20)).isTrue();
        assertThat(port.tryRetry(20)).isFalse();
        port.retryDone();
        assertThat(port.tryRetry(20)).isTrue();
    }

    @Test
    void allowsRetriesInFlightUpToThePercentageOfRequestsInFlight() {
        RetryBudget.Port port = null;
        for (int i = 0; i < 50; i++) {
            port = budget.requestStarted("Quotes");
        }
        int granted = 0;
        while (port.tryRetry(20)) {
            granted++;
        }
        assertThat(granted).isEqualTo(10);
    }

    @Test
    void aZeroBudgetStillAllowsTheMinimum() {
        RetryBudget.Port port = budget.requestStarted("Quotes");
        int granted = 0;
        while (port.tryRetry(0)) {
            granted++;
        }
        assertThat(granted).isEqualTo(RetryBudget.MIN_RETRIES_IN_FLIGHT);
    }

    @Test
    void eachPortHasItsOwnBudget() {
        RetryBudget.Port quotes = budget.requestStarted("Quotes");
        for (int i = 0; i < 3; i++) {
            quotes.tryRetry(20);
        }
        assertThat(budget.requestStarted("Credit").tryRetry(20)).isTrue();
    }
}
