package org.servicedomain.node.engine.selection;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;
import org.servicedomain.node.directive.DirectiveOptions;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.directive.Selectors;
import org.servicedomain.node.engine.monitor.InstanceLoad;
import org.servicedomain.node.session.SessionHistory;

/**
 * The selection directives a policy may name, each mapped to a factory of fresh selectors.
 * Resolved when a policy is set, never per request; an unknown name fails loudly.
 */
public final class SelectorRegistry implements Selectors {

    /** Old directive words still accepted, each with the name that replaces it. */
    private static final Map<String, String> DEPRECATED =
            Map.of(FirstAvailableSelector.DEPRECATED_NAME, FirstAvailableSelector.NAME);

    private final Map<String, Function<DirectiveOptions, Selector>> factories;

    private SelectorRegistry(Map<String, Function<DirectiveOptions, Selector>> factories) {
        this.factories = Collections.unmodifiableMap(new LinkedHashMap<>(factories));
    }

    /** The built-in directives, with thread-local randomness and no load or history. */
    public static SelectorRegistry standard() {
        return standard(SelectionInputs.NONE);
    }

    /** The built-in directives, drawing randomness from {@code random}. */
    public static SelectorRegistry standard(Supplier<RandomGenerator> random) {
        return standard(new SelectionInputs(random, InstanceLoad.NONE, SessionHistory.NONE));
    }

    /** The built-in directives, reading what they need from {@code inputs}. */
    public static SelectorRegistry standard(SelectionInputs inputs) {
        Map<String, Function<DirectiveOptions, Selector>> factories = new LinkedHashMap<>();
        factories.put(RoundRobinSelector.NAME, options -> new RoundRobinSelector());
        factories.put(RandomSelector.NAME, options -> new RandomSelector(inputs.random()));
        factories.put(FirstAvailableSelector.NAME, options -> new FirstAvailableSelector());
        factories.put(FirstAvailableSelector.DEPRECATED_NAME, options -> new FirstAvailableSelector());
        factories.put(FixedSelector.NAME, options -> new FixedSelector(inputs.choices()));
        factories.put(WeightedSelector.NAME, options -> new WeightedSelector(options.attribute(), inputs.random()));
        factories.put(LeastOutstandingSelector.NAME, options -> new LeastOutstandingSelector(inputs.load()));
        factories.put(FastestSelector.NAME, options -> new FastestSelector(inputs.load()));
        factories.put(TransactionHistorySelector.NAME, options -> new TransactionHistorySelector(inputs.history()));
        factories.put(DesignatedSelector.NAME, options -> new DesignatedSelector(options.attribute()));
        factories.put(CustomSelector.NAME, options -> CustomSelector.load(options.className()));
        return new SelectorRegistry(factories);
    }

    /** A new selector for the directive {@code name} without parameters. */
    public Selector create(String name) {
        return create(name, DirectiveOptions.NONE);
    }

    /**
     * A new selector for the directive {@code name} with the policy's parameters.
     *
     * @throws IllegalArgumentException for an unknown name or a {@code custom} class that cannot serve
     */
    @Override
    public Selector create(String name, DirectiveOptions options) {
        Function<DirectiveOptions, Selector> factory = factories.get(name);
        if (factory == null) {
            throw new IllegalArgumentException("unknown selection directive '" + name + "'; known: " + names());
        }
        return factory.apply(options);
    }

    /** Every name a policy may use, deprecated ones included. */
    @Override
    public Set<String> names() {
        return factories.keySet();
    }

    /** The name that replaces {@code name} when {@code name} is a deprecated word, else empty. */
    @Override
    public Optional<String> replacementOf(String name) {
        return Optional.ofNullable(DEPRECATED.get(name));
    }
}
