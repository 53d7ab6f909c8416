package org.servicedomain.node.engine.selection;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.servicedomain.node.TestInstances.instance;
import static org.servicedomain.node.TestInstances.instances;
import static org.servicedomain.node.TestInstances.request;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.directive.DirectiveOptions;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.engine.monitor.InstanceLoad;
import org.servicedomain.node.session.SessionHistory;

class SelectorRegistryTest {

    private final SelectorRegistry registry = SelectorRegistry.standard();

    @Test
    void knowsEveryDirectiveByItsPolicyName() {
        assertThat(registry.names()).containsExactlyInAnyOrder("round-robin", "random", "first-available", "fixed-order", "fixed", "weighted",
                "least-outstanding", "fastest", "transaction-history", "designated", "custom");
        assertThat(registry.create("round-robin")).isInstanceOf(RoundRobinSelector.class);
        assertThat(registry.create("random")).isInstanceOf(RandomSelector.class);
        assertThat(registry.create("first-available")).isInstanceOf(FirstAvailableSelector.class);
        assertThat(registry.create("fixed-order")).isInstanceOf(FirstAvailableSelector.class);
        assertThat(registry.create("fixed")).isInstanceOf(FixedSelector.class);
        assertThat(registry.create("weighted")).isInstanceOf(WeightedSelector.class);
        assertThat(registry.create("least-outstanding")).isInstanceOf(LeastOutstandingSelector.class);
        assertThat(registry.create("fastest")).isInstanceOf(FastestSelector.class);
        assertThat(registry.create("transaction-history")).isInstanceOf(TransactionHistorySelector.class);
        assertThat(registry.create("designated")).isInstanceOf(DesignatedSelector.class);
    }

    @Test
    void createsTheCustomClassThePolicyNames() {
        Selector custom = registry.create(CustomSelector.NAME,
                new DirectiveOptions(null, LastCandidateSelector.class.getName()));

        assertThat(custom).isInstanceOf(LastCandidateSelector.class);
    }

    @Test
    void failsOnACustomClassThatCannotServe() {
        assertThatThrownBy(() -> registry.create(CustomSelector.NAME, new DirectiveOptions(null, "no.such.Picker")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no.such.Picker");
    }

    @Test
    void givesDirectivesTheAttributeThePolicyNames() {
        List<Instance> candidates = List.of(
                instance("light").withAttributes(Map.of("weight", "9", "capacity", "0")),
                instance("heavy").withAttributes(Map.of("weight", "0", "capacity", "9")));

        Selector weighted = registry.create(WeightedSelector.NAME, new DirectiveOptions("capacity", null));

        for (int i = 0; i < 20; i++) {
            assertThat(weighted.select(candidates, request()).id()).isEqualTo("heavy");
        }
    }

    @Test
    void givesLoadAwareDirectivesTheInjectedLoadAndHistory() {
        InstanceLoad load = new InstanceLoad() {
            @Override
            public int outstanding(String instanceId) {
                return instanceId.equals("b") ? 0 : 5;
            }

            @Override
            public double recentLatencyMs(String instanceId) {
                return instanceId.equals("c") ? 1.0 : 50.0;
            }
        };
        SessionHistory history = (sessionId, port) -> Optional.of("d");
        SelectorRegistry injected = SelectorRegistry.standard(
                new SelectionInputs(() -> new SplittableRandom(1), load, history));
        List<Instance> candidates = instances("a", "b", "c", "d");

        assertThat(injected.create(LeastOutstandingSelector.NAME).select(candidates, request()).id()).isEqualTo("b");
        assertThat(injected.create(FastestSelector.NAME).select(candidates, request()).id()).isEqualTo("c");
        assertThat(injected.create(TransactionHistorySelector.NAME)
                .select(candidates, CallerRequests.inSession("s")).id()).isEqualTo("d");
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
                .hasMessageContaining("first-available");
    }

    @Test
    void givesRandomSelectorsTheInjectedRandomness() {
        List<Instance> candidates = instances("a", "b", "c", "d", "e");
        int expected = new SplittableRandom(99).nextInt(candidates.size());

        Selector random = SelectorRegistry.standard(() -> new SplittableRandom(99)).create(RandomSelector.NAME);

        assertThat(random.select(candidates, request())).isEqualTo(candidates.get(expected));
    }
}
