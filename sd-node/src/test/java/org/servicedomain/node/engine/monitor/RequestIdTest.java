package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RequestIdTest {

    @Test
    void keepsTheClientsIdWhenItIsAShortPlainToken() {
        assertThat(RequestId.acceptOrCreate("abc-123_X.9")).isEqualTo("abc-123_X.9");
        String longest = "a".repeat(RequestId.MAX_LENGTH);
        assertThat(RequestId.acceptOrCreate(longest)).isEqualTo(longest);
    }

    @Test
    void replacesAnIdLongerThan64Characters() {
        String tooLong = "a".repeat(RequestId.MAX_LENGTH + 1);

        assertThat(RequestId.acceptOrCreate(tooLong)).isNotEqualTo(tooLong).matches("[0-9a-f]{32}");
    }

    @Test
    void replacesAnIdThatCouldForgeOrBreakLogLines() {
        for (String offered : new String[] {"a b", "a\nFAKE LOG LINE", "a\rb", "id=\"x\"", "ä", "a/b", "${jndi:x}"}) {
            assertThat(RequestId.acceptOrCreate(offered)).as(offered).matches("[0-9a-f]{32}");
        }
    }

    @Test
    void createsAFreshIdWhenTheClientSentNone() {
        String first = RequestId.acceptOrCreate(null);
        String second = RequestId.acceptOrCreate("");

        assertThat(first).matches("[0-9a-f]{32}");
        assertThat(second).matches("[0-9a-f]{32}");
        assertThat(first).isNotEqualTo(second);
    }
}
