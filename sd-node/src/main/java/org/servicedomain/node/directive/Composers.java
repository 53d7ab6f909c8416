package org.servicedomain.node.directive;

/**
 * The composers a policy may name, as the policy compiler resolves them when a policy is set. The
 * engine supplies them, so the policy names composers without depending on the engine.
 */
public interface Composers {

    /**
     * A new composer named {@code name}; {@code className} is the class of {@code custom}, ignored by the others.
     *
     * @throws IllegalArgumentException for an unknown name or a custom class that cannot serve
     */
    Composer create(String name, String className);
}
