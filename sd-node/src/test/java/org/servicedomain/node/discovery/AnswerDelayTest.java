package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** WS-Discovery 1.1 (APP_MAX_DELAY, a protocol assignment): an answer to a multicast message waits a random time from 0 to APP_MAX_DELAY. */
class AnswerDelayTest {

    @Test
    void delaysSpreadFromZeroToTheMaximumAndNeverBeyond() {
        AnswerDelay delay = AnswerDelay.upTo(Duration.ofMillis(500));
        Set<Long> seen = new HashSet<>();

        for (int i = 0; i < 1000; i++) {
            long ms = delay.nextMs();
            assertThat(ms).isBetween(0L, 500L);
            seen.add(ms);
        }

        assertThat(seen).as("random, not one fixed wait").hasSizeGreaterThan(100);
    }

    @Test
    void theSpecificationsDefaultIsFiveHundredMilliseconds() {
        assertThat(DiscoveryConfig.of(DiscoveryMode.ADHOC, "lo", 3702, java.util.List.of()).maxAnswerDelay())
                .isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aZeroMaximumAnswersAtOnceAndAStrayRandomNumberIsKeptInRange() {
        assertThat(new AnswerDelay(Duration.ZERO, bound -> 99).nextMs()).isZero();
        assertThat(new AnswerDelay(Duration.ofMillis(500), bound -> 10_000).nextMs()).isEqualTo(500);
    }
}
