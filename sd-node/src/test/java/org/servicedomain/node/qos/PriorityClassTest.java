package org.servicedomain.node.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class PriorityClassTest {

    @Test
    void classesAreNumberedOneToThreeFromHighToLow() {
        assertThat(PriorityClass.HIGH.number()).isEqualTo(1);
        assertThat(PriorityClass.MIDDLE.number()).isEqualTo(2);
        assertThat(PriorityClass.LOW.number()).isEqualTo(3);
        for (PriorityClass c : PriorityClass.values()) {
            assertThat(PriorityClass.ofNumber(c.number())).isEqualTo(c);
        }
    }

    @Test
    void thePolicyNamesClassesHighMiddleAndLow() {
        assertThat(PriorityClass.named("high")).isEqualTo(PriorityClass.HIGH);
        assertThat(PriorityClass.named("middle")).isEqualTo(PriorityClass.MIDDLE);
        assertThat(PriorityClass.named("low")).isEqualTo(PriorityClass.LOW);
    }

    @Test
    void anUnknownClassIsRefusedWithTheWordsThatAreKnown() {
        assertThatThrownBy(() -> PriorityClass.named("urgent")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown priority class 'urgent' (classes are high, middle, low)");
        assertThatThrownBy(() -> PriorityClass.named("HIGH")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> PriorityClass.ofNumber(4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("unknown priority class 4");
    }
}
