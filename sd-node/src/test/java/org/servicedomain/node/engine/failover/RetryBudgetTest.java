package org.servicedomain.node.engine.failover;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RetryBudgetTest {

    private final RetryBudget budget = new RetryBudget();

    @Test
    void aBurstOfFailuresIsRetriedFromTheReserve() {
        RetryBudget.Port port = budget.requestStarted("Quotes", 20);
        assertThat(drain(port)).isEqualTo(RetryBudget.RESERVE);
    }

    @Test
    void onceTheReserveIsSpentEachRequestEarnsItsPercentageOfARetry() {
        RetryBudget.Port port = budget.requestStarted("Quotes", 20);
        drain(port);
        for (int i = 0; i < 50; i++) {
            budget.requestStarted("Quotes", 20);
        }
        assertThat(drain(port)).isEqualTo(10);
    }

    @Test
    void theBucketHoldsNoMoreThanTheReserve() {
        RetryBudget.Port port = null;
        for (int i = 0; i < 1_000; i++) {
            port = budget.requestStarted("Quotes", 100);
        }
        assertThat(drain(port)).isEqualTo(RetryBudget.RESERVE);
    }

    @Test
    void eachPortHasItsOwnBucket() {
        drain(budget.requestStarted("Quotes", 20));
        assertThat(budget.requestStarted("Credit", 20).tryRetry()).isTrue();
    }

    private static int drain(RetryBudget.Port port) {
        int granted = 0;
        while (port.tryRetry()) {
            granted++;
        }
        return granted;
    }
}
