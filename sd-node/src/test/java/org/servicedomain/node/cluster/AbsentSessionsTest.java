package org.servicedomain.node.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.session.TestClock;

class AbsentSessionsTest {

    private final TestClock clock = new TestClock();
    private final AbsentSessions absent = new AbsentSessions(clock);

    @Test
    void anIdFoundAbsentIsRememberedUntilItsTimeToLiveHasPassed() {
        absent.add("node-0000000b:x");

        assertThat(absent.contains("node-0000000b:x")).isTrue();
        clock.advance(AbsentSessions.TTL.minus(Duration.ofMillis(1)));
        assertThat(absent.contains("node-0000000b:x")).isTrue();
        clock.advance(Duration.ofMillis(1));
        assertThat(absent.contains("node-0000000b:x")).isFalse();
        assertThat(absent.size()).isZero();
    }

    @Test
    void manyMadeUpIdsNeverMakeItHoldMoreThanItsBound() {
        for (int i = 0; i < AbsentSessions.MAX_IDS * 3; i++) {
            absent.add("node-0000000b:" + i);
        }

        assertThat(absent.size()).isLessThanOrEqualTo(AbsentSessions.MAX_IDS);
        assertThat(absent.contains("node-0000000b:" + (AbsentSessions.MAX_IDS * 3 - 1))).as("the newest is kept").isTrue();
    }
}
