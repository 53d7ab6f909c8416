package org.servicedomain.node.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ChildNodeDispatcherTest {

    @Test
    void aChildIsGivenTheWaitLessTheGraceForItsAnswerToComeBack() {
        assertThat(ChildNodeDispatcher.childTime(Duration.ofSeconds(5).plus(ChildNodeDispatcher.GRACE)))
                .isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    void aShortWaitIsHalvedRatherThanSpentOnTheGrace() {
        assertThat(ChildNodeDispatcher.childTime(Duration.ofMillis(1_000))).isEqualTo(Duration.ofMillis(500));
    }

    @Test
    void aChildIsNeverGivenLessThanAMillisecond() {
        assertThat(ChildNodeDispatcher.childTime(Duration.ofNanos(10))).isEqualTo(Duration.ofMillis(1));
    }
}
