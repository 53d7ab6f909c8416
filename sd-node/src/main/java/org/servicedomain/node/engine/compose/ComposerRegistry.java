package org.servicedomain.node.engine.compose;

import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.servicedomain.node.directive.Composer;
import org.servicedomain.node.directive.Composers;

/**
 * The composers a policy may name, each mapped to a factory of fresh composers. Resolved when a
 * policy is set, never per call; an unknown name fails loudly with the known ones.
 */
public final class ComposerRegistry implements Composers {

    private static final ComposerRegistry STANDARD = new ComposerRegistry(Map.of(
            ConcatenatingComposer.NAME, className -> new ConcatenatingComposer(),
            CustomComposer.NAME, CustomComposer::load));

    private final Map<String, Function<String, Composer>> factories;

    private ComposerRegistry(Map<String, Function<String, Composer>> factories) {
        this.factories = Map.copyOf(factories);
    }

    /** The built-in composers and {@code custom}. */
    public static ComposerRegistry standard() {
        return STANDARD;
    }

    /**
     * A new composer named {@code name}; {@code className} is the class of {@code custom}, ignored by the others.
     *
     * @throws IllegalArgumentException for an unknown name or a custom class that cannot serve
     */
    @Override
    public Composer create(String name, String className) {
        Function<String, Composer> factory = factories.get(name);
        if (factory == null) {
            throw new IllegalArgumentException("unknown composer '" + name + "'; known: " + names());
        }
        return factory.apply(className);
    }

    /** Every name a policy may use, sorted. */
    public Set<String> names() {
        return new TreeSet<>(factories.keySet());
    }
}
