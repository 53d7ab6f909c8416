package org.servicedomain.node.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class TokenBucketTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final TokenBucket rate = new TokenBucket(nanos::get);

    @Test
    void takesABurstOfTheRateThenOnlyWhatTimeEarns() {
        int taken = 0;
        for (int i = 0; i < 100; i++) {
            if (rate.tryTake(20)) {
                taken++;
            }
        }
        assertThat(taken).isEqualTo(20);

        nanos.addAndGet(100_000_000L); // a tenth of a second earns two
        assertThat(rate.tryTake(20)).isTrue();
        assertThat(rate.tryTake(20)).isTrue();
        assertThat(rate.tryTake(20)).isFalse();
    }

    @Test
    void neverSavesUpMoreThanOneSecondsWorth() {
        nanos.addAndGet(60_000_000_000L);
        int taken = 0;
        while (rate.tryTake(5)) {
            taken++;
        }
        assertThat(taken).isEqualTo(5);
    }
}
