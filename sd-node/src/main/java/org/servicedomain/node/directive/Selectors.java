package org.servicedomain.node.directive;

import java.util.Optional;
import java.util.Set;

/**
 * The selection directives a policy may name, as the policy compiler resolves them when a policy is
 * set. The engine supplies them, so the policy names directives without depending on the engine.
 */
public interface Selectors {

    /**
     * A new selector for the directive {@code name} with the policy's parameters.
     *
     * @throws IllegalArgumentException for an unknown name or a {@code custom} class that cannot serve
     */
    Selector create(String name, DirectiveOptions options);

    /** Every name a policy may use, deprecated ones included. */
    Set<String> names();

    /** The name that replaces {@code name} when {@code name} is a deprecated word, else empty. */
    Optional<String> replacementOf(String name);
}
