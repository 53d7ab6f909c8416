package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class LineDiffTest {

    @Test
    void keepsCommonLinesAndMarksWhatOnlyOneSideHas() {
        List<LineDiff.Line> lines = LineDiff.of("a\nb\nc", "a\nx\nc\nd");

        assertThat(lines).extracting(l -> l.change() + l.text()).containsExactly(" a", "-b", "+x", " c", "+d");
    }

    @Test
    void identicalDocumentsHaveNoChange() {
        assertThat(LineDiff.of("p\nq", "p\nq")).allMatch(l -> l.change().equals(" "));
    }

    @Test
    void aFinalLineBreakEndsTheLastLineAndOpensNoEmptyOne() {
        List<LineDiff.Line> lines = LineDiff.of("a\nb\n", "a\r\nc\r\n");

        assertThat(lines).extracting(l -> l.change() + l.text()).containsExactly(" a", "-b", "+c");
    }
}
