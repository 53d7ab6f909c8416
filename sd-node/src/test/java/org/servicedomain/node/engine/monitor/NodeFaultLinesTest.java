package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.Instant;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class NodeFaultLinesTest {

    private static final Instant T0 = Instant.parse("2026-12-07T17:00:00.100Z");

    private static Metering.Record call(int millis, String user, String instance, String outcome, long requestBytes) {
        return new Metering.Record(T0.plusMillis(millis), user, null, "P", "getQuote", instance, outcome, 10, requestBytes,
                instance == null ? 0 : 30, instance == null ? Set.of() : Set.of("gold"));
    }

    @Test
    void mergesTheNodesFaultsPerUserPortOperationAndFaultAtThePlaceOfTheFirst() {
        List<Metering.Record> merged = NodeFaultLines.merged(List.of(
                call(0, "ann", null, "Overloaded", 100),
                call(1, "ann", "q-1", "served", 100),
                call(2, "bob", null, "Overloaded", 100),
                call(3, "ann", null, "Overloaded", 50),
                call(4, "ann", null, "Timeout", 100),
                call(5, "ann", null, "Overloaded", 25)));

        assertThat(merged).extracting(Metering.Record::user, Metering.Record::outcome, Metering.Record::calls)
                .containsExactly(tuple("ann", "Overloaded", 3L),
                        tuple("ann", "served", 1L),
                        tuple("bob", "Overloaded", 1L),
                        tuple("ann", "Timeout", 1L));
        Metering.Record ann = merged.get(0);
        assertThat(ann.time()).isEqualTo(T0);
        assertThat(ann.requestBytes()).isEqualTo(175);
        assertThat(ann.micros()).isEqualTo(30);
    }

    @Test
    void keepsALineForEveryCallAProviderAnswered() {
        List<Metering.Record> answered = List.of(call(0, "ann", "q-1", "served", 100), call(1, "ann", "q-1", "served", 100),
                call(2, "ann", "q-2", "provider_fault", 100));

        assertThat(NodeFaultLines.merged(answered)).isEqualTo(answered);
    }
}
