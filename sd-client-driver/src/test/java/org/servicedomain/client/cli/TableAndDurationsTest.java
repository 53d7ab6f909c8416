package org.servicedomain.client.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.io.PrintWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text sdctl prints for people: tables whose columns line up, and durations without leading zero parts. */
class TableAndDurationsTest {

    @Test
    void eachColumnStartsTwoSpacesAfterItsWidestCellInEveryRow() {
        List<String> lines = print(new Table("NAME", "STATE", "ID").row("quote-a", "operational", "id-1")
                .row("a-much-longer-name", "down", "id-22"));

        int state = "a-much-longer-name".length() + 2;
        int id = state + "operational".length() + 2;
        for (String line : lines) {
            assertThat(line.charAt(state - 1)).as(line).isEqualTo(' ');
            assertThat(line.charAt(state)).as(line).isNotEqualTo(' ');
            assertThat(line.charAt(id - 1)).as(line).isEqualTo(' ');
            assertThat(line.charAt(id)).as(line).isNotEqualTo(' ');
        }
        assertThat(lines).extracting(l -> l.substring(id)).containsExactly("ID", "id-1", "id-22");
    }

    @Test
    void anAbsentCellIsADashAndNoLineEndsInSpaces() {
        List<String> lines = print(new Table("NAME", "NOTE").row("quote-a", null).row("quote-b", ""));

        assertThat(lines.get(1)).endsWith("-");
        assertThat(lines).allSatisfy(line -> assertThat(line).doesNotEndWith(" "));
        assertThat(lines.get(2)).isEqualTo("quote-b");
    }

    @Test
    void aTableWithoutRowsIsItsHeaderAlone() {
        Table empty = new Table("PORT", "INSTANCES");

        assertThat(empty.isEmpty()).isTrue();
        assertThat(print(empty)).containsExactly("PORT  INSTANCES");
    }

    @Test
    void durationsLeaveOutTheirLeadingZeroPartsButNoneAfterTheFirst() {
        assertThat(Durations.text(0)).isEqualTo("0s");
        assertThat(Durations.text(59)).isEqualTo("59s");
        assertThat(Durations.text(60)).isEqualTo("1m 0s");
        assertThat(Durations.text(3_600)).isEqualTo("1h 0m 0s");
        assertThat(Durations.text(3 * 86_400 + 4 * 3_600 + 5 * 60 + 6)).isEqualTo("3d 4h 5m 6s");
        assertThat(Durations.text(86_400 + 1)).isEqualTo("1d 0h 0m 1s");
    }

    private static List<String> print(Table table) {
        StringWriter text = new StringWriter();
        table.print(new PrintWriter(text));
        return text.toString().lines().toList();
    }
}
