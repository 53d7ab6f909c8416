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

class FastestSelectorTest {

    private final Map<String, Double> latencyMs = new HashMap<>();
    private final FastestSelector selector = new FastestSelector(new InstanceLoad() {
        @Override
        public int outstanding(String instanceId) {
            return 0;
        }

        @Override
        public double recentLatencyMs(String instanceId) {
            return latencyMs.getOrDefault(instanceId, Double.NaN);
        }
    });
    private final List<Instance> candidates = instances("a", "b", "c");

    @Test
    void picksTheCandidateWithTheLowestRecentLatency() {
        latencyMs.putAll(Map.of("a", 120.0, "b", 35.5, "c", 80.0));

        assertThat(picks(3)).containsOnly("b");
    }

    @Test
    void triesAnUnmeasuredCandidateBeforeEvenTheFastestMeasuredOne() {
        latencyMs.putAll(Map.of("a", 120.0, "b", 1.0));

        assertThat(selector.select(candidates, request()).id()).isEqualTo("c");
    }

    @Test
    void rotatesAmongUnmeasuredCandidatesSoEachGetsMeasured() {
        latencyMs.put("b", 5.0);

        assertThat(picks(4)).containsExactly("a", "c", "a", "c");
    }

    @Test
    void rotatesAmongEquallyFastCandidates() {
        latencyMs.putAll(Map.of("a", 10.0, "b", 10.0, "c", 10.0));

        assertThat(picks(6)).containsExactly("a", "b", "c", "a", "b", "c");
    }

    @Test
    void movesToAnotherCandidateOnceItBecomesFaster() {
        latencyMs.putAll(Map.of("a", 10.0, "b", 20.0, "c", 30.0));
        String before = selector.select(candidates, request()).id();
        latencyMs.put("c", 5.0);

        assertThat(before).isEqualTo("a");
        assertThat(selector.select(candidates, request()).id()).isEqualTo("c");
    }

    private List<String> picks(int count) {
        List<String> picks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picks.add(selector.select(candidates, request()).id());
        }
        return picks;
    }
}
