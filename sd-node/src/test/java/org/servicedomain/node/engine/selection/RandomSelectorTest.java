package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;

class RandomSelectorTest {

    private final List<Instance> candidates = instances("a", "b", "c", "d");

    @Test
    void picksOnlyFromTheCandidatesAndReachesEachOfThem() {
        List<Instance> picks = picks(seeded(42), 400);

        assertThat(picks).allMatch(candidates::contains);
        assertThat(picks).containsAll(candidates);
    }

    @Test
    void makesTheSameChoicesFromTheSameSeed() {
        assertThat(picks(seeded(7), 50)).isEqualTo(picks(seeded(7), 50));
    }

    @Test
    void picksTheOnlyCandidateWhenThereIsOne() {
        List<Instance> single = instances("only");

        Instance pick = seeded(42).select(single, request());

        assertThat(pick.id()).isEqualTo("only");
    }

    private List<Instance> picks(RandomSelector selector, int count) {
        List<Instance> picks = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            picks.add(selector.select(candidates, request()));
        }
        return picks;
    }

    private static RandomSelector seeded(long seed) {
        RandomGenerator random = new SplittableRandom(seed);
        return new RandomSelector(() -> random);
    }
}
