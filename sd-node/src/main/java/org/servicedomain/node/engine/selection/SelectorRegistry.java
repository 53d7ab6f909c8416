package org.servicedomain.node.engine.selection;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * The selection directives a policy may name, each mapped to a factory of fresh selectors.
 * Resolved when a policy is set, never per request; an unknown name fails loudly.
 */
public final class SelectorRegistry {

    private final Map<String, Supplier<Selector>> factories;

    private SelectorRegistry(Map<String, Supplier<Selector>> factories) {
        this.factories = Collections.unmodifiableMap(new LinkedHashMap<>(factories));
    }

    /** The built-in directives, with thread-local randomness. */
    public static SelectorRegistry standard() {
        return standard(ThreadLocalRandom::current);
    }

    /** The built-in directives, drawing randomness from {@code random}. */
    public static SelectorRegistry standard(Supplier<RandomGenerator> random) {
        Map<String, Supplier<Selector>> factories = new LinkedHashMap<>();
        factories.put(RoundRobinSelector.NAME, RoundRobinSelector::new);
        factories.put(RandomSelector.NAME, () -> new RandomSelector(random));
        factories.put(FixedOrderSelector.NAME, FixedOrderSelector::new);
        return new SelectorRegistry(factories);
    }

    /** A new selector for the directive {@code name}. */
    public Selector create(String name) {
        Supplier<Selector> factory = factories.get(name);
        if (factory == null) {
            throw new IllegalArgumentException("unknown selection directive '" + name + "'; known: " + names());
        }
        return factory.get();
    }

    public Set<String> names() {
        return factories.keySet();
    }
}
