package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.catalog.Instance;

class SelectorRegistryTest {

    private final SelectorRegistry registry = SelectorRegistry.standard();

    @Test
    void knowsTheBuiltInDirectivesByTheirPolicyNames() {
        assertThat(registry.names())
                .containsExactlyInAnyOrder(RoundRobinSelector.NAME, RandomSelector.NAME, FixedOrderSelector.NAME);
        assertThat(registry.create("round-robin")).isInstanceOf(RoundRobinSelector.class);
        assertThat(registry.create("random")).isInstanceOf(RandomSelector.class);
        assertThat(registry.create("fixed-order")).isInstanceOf(FixedOrderSelector.class);
    }

    @Test
    void createsAFreshSelectorForEachCall() {
        Selector first = registry.create(RoundRobinSelector.NAME);
        Selector second = registry.create(RoundRobinSelector.NAME);

        assertThat(first).isNotSameAs(second);
        List<Instance> candidates = instances("a", "b");
        first.select(candidates, request());
        assertThat(second.select(candidates, request()).id())
                .as("a new selector does not share the turn of an earlier one")
                .isEqualTo("a");
    }

    @Test
    void failsOnAnUnknownNameListingTheKnownOnes() {
        assertThatThrownBy(() -> registry.create("least-loaded"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("least-loaded")
                .hasMessageContaining("round-robin")
                .hasMessageContaining("random")
                .hasMessageContaining("fixed-order");
    }

    @Test
    void givesRandomSelectorsTheInjectedRandomness() {
        List<Instance> candidates = instances("a", "b", "c", "d", "e");
        int expected = new SplittableRandom(99).nextInt(candidates.size());

        Selector random = SelectorRegistry.standard(() -> new SplittableRandom(99)).create(RandomSelector.NAME);

        assertThat(random.select(candidates, request())).isEqualTo(candidates.get(expected));
    }
}
