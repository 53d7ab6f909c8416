package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.request;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;

class WeightedSelectorTest {

    private static final int PICKS = 20_000;

    @Test
    void picksEachCandidateInProportionToItsWeight() {
        List<Instance> candidates = List.of(weighing("small", "1"), weighing("medium", "3"), weighing("large", "6"));

        Map<String, Integer> counts = counts(seeded(null, 42), candidates);

        assertThat(share(counts, "small")).isCloseTo(0.1, within(0.02));
        assertThat(share(counts, "medium")).isCloseTo(0.3, within(0.02));
        assertThat(share(counts, "large")).isCloseTo(0.6, within(0.02));
    }

    @Test
    void readsDecimalWeights() {
        List<Instance> candidates = List.of(weighing("a", "0.5"), weighing("b", " 1.5 "));

        Map<String, Integer> counts = counts(seeded(null, 3), candidates);

        assertThat(share(counts, "a")).isCloseTo(0.25, within(0.02));
    }

    @Test
    void neverPicksACandidateWhoseWeightIsZeroMissingUnreadableOrNegative() {
        List<Instance> candidates = List.of(weighing("zero", "0"), instance("missing"), weighing("unreadable", "heavy"),
                weighing("negative", "-5"), weighing("infinite", "Infinity"), weighing("served", "2"));

        Map<String, Integer> counts = counts(seeded(null, 7), candidates);

        assertThat(counts).containsOnlyKeys("served");
    }

    @Test
    void picksUniformlyWhenEveryCandidateWeighsZero() {
        List<Instance> candidates = List.of(weighing("a", "0"), instance("b"), weighing("c", "none"));

        Map<String, Integer> counts = counts(seeded(null, 11), candidates);

        assertThat(counts).containsOnlyKeys("a", "b", "c");
        assertThat(counts.values()).allSatisfy(n -> assertThat(n / (double) PICKS).isCloseTo(1 / 3.0, within(0.02)));
    }

    @Test
    void readsTheAttributeThePolicyNames() {
        List<Instance> candidates = List.of(
                instance("a").withAttributes(Map.of("weight", "100", "capacity", "0")),
                instance("b").withAttributes(Map.of("weight", "0", "capacity", "4")));

        Map<String, Integer> counts = counts(seeded("capacity", 5), candidates);

        assertThat(counts).containsOnlyKeys("b");
    }

    @Test
    void makesTheSameChoicesFromTheSameSeed() {
        List<Instance> candidates = List.of(weighing("a", "1"), weighing("b", "2"), weighing("c", "3"));
        WeightedSelector first = seeded(null, 9);
        WeightedSelector second = seeded(null, 9);

        for (int i = 0; i < 100; i++) {
            assertThat(first.select(candidates, request())).isEqualTo(second.select(candidates, request()));
        }
    }

    private static Instance weighing(String id, String weight) {
        return instance(id).withAttributes(Map.of(WeightedSelector.DEFAULT_ATTRIBUTE, weight));
    }

    private static Map<String, Integer> counts(WeightedSelector selector, List<Instance> candidates) {
        Map<String, Integer> counts = new HashMap<>();
        for (int i = 0; i < PICKS; i++) {
            counts.merge(selector.select(candidates, request()).id(), 1, Integer::sum);
        }
        return counts;
    }

    private static double share(Map<String, Integer> counts, String id) {
        return counts.getOrDefault(id, 0) / (double) PICKS;
    }

    private static WeightedSelector seeded(String attribute, long seed) {
        RandomGenerator random = new SplittableRandom(seed);
        return new WeightedSelector(attribute, () -> random);
    }
}
