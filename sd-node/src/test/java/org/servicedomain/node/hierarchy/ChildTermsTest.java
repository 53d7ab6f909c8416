package org.servicedomain.node.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;

/** What a parent keeps of a child's registration: its declared capacity, shared by all its ports. */
class ChildTermsTest {

    @Test
    void aChildsDeclaredCapacityIsReadFromItsRegistrationAttribute() {
        ChildTerms terms = new ChildTerms(Set.of(), Map.of(ChildTerms.CAPACITY_ATTRIBUTE, " 250.5 ", "region", "eu"), null);

        assertThat(terms.capacityTps()).contains(250.5);
        assertThat(ChildTerms.NONE.capacityTps()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"0", "-5", "lots", "Infinity", "NaN"})
    void refusesACapacityThatIsNotAPositiveNumber(String capacity) {
        assertThatThrownBy(() -> new ChildTerms(Set.of(), Map.of(ChildTerms.CAPACITY_ATTRIBUTE, capacity), null))
                .isInstanceOfSatisfying(NodeFault.class, f -> assertThat(f.code()).isEqualTo(FaultCode.BadRequest))
                .hasMessageContaining("nodeCapacityTps must be a positive number").hasMessageContaining(capacity);
    }
}
