package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.engine.monitor.InstanceLoad;

class LeastOutstandingSelectorTest {

    private final Map<String, Integer> inFlight = new HashMap<>();
    private final LeastOutstandingSelector selector = new LeastOutstandingSelector(new InstanceLoad() {
        @Override
        public int outstanding(String instanceId) {
            return inFlight.getOrDefault(instanceId, 0);
        }

        @Override
        public double recentLatencyMs(String instanceId) {
            return Double.NaN;
        }
    });
    private final List<Instance> candidates = instances("a", "b", "c");

    @Test
    void picksTheCandidateWithTheFewestRequestsInFlight() {
        inFlight.putAll(Map.of("a", 4, "b", 1, "c", 2));

        assertThat(selector.select(candidates, request()).id()).isEqualTo("b");
    }

    @Test
    void picksAnIdleCandidateOverBusyOnes() {
        inFlight.putAll(Map.of("a", 3, "b", 5));

        assertThat(selector.select(candidates, request()).id()).isEqualTo("c");
    }

    @Test
    void rotatesAmongEquallyIdleCandidates() {
        assertThat(picks(6)).containsExactly("a", "b", "c", "a", "b", "c");
    }

    @Test
    void rotatesOnlyAmongTheLeastBusy() {
        inFlight.putAll(Map.of("a", 1, "b", 7, "c", 1));

        assertThat(picks(4)).containsExactly("a", "c", "a", "c");
    }

    @Test
    void followsTheLoadAsItChanges() {
        inFlight.putAll(Map.of("a", 0, "b", 1, "c", 1));
        String first = selector.select(candidates, request()).id();
        inFlight.put("a", 2);
        inFlight.put("b", 0);

        assertThat(first).isEqualTo("a");
        assertThat(selector.select(candidates, request()).id()).isEqualTo("b");
    }

    private List<String> picks(int count) {
        List<String> picks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picks.add(selector.select(candidates, request()).id());
        }
        return picks;
    }
}
