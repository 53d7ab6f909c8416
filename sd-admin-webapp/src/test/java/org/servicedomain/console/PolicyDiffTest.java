package org.servicedomain.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class PolicyDiffTest {

    @Test
    void aChangedLineIsRemovedFromTheOldVersionAndAddedInTheNewWithBothNumbers() {
        List<PolicyDiff.Line> diff = PolicyDiff.of("a\nb\nc", "a\nB\nc\nd");

        assertThat(diff).extracting(l -> l.getMark() + l.getOldNumber() + "/" + l.getNewNumber() + " " + l.getText())
                .containsExactly(" 1/1 a", "\u22122/ b", "+/2 B", " 3/3 c", "+/4 d");
    }

    @Test
    void identicalVersionsAreAllTheSame() {
        assertThat(PolicyDiff.of("x\ny", "x\ny")).extracting(PolicyDiff.Line::change)
                .containsOnly(PolicyDiff.Change.SAME).hasSize(2);
    }

    @Test
    void versionsTooLongToCompareAreRefusedWithAMessage() {
        String longer = "x\n".repeat(PolicyDiff.MAX_LINES + 1);
        assertThatThrownBy(() -> PolicyDiff.of(longer, "x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("too long to compare");
    }
}
