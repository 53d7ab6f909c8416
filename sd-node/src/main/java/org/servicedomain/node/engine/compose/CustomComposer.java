package org.servicedomain.node.engine.compose;

import org.servicedomain.node.core.PolicyNamedClass;
import org.servicedomain.node.directive.Composer;

/**
 * The {@code custom} composer: a {@link Composer} class named in the policy, loaded from the node's
 * classpath (the thread's context class loader, else the node's own), as custom directives are.
 */
public final class CustomComposer {

    public static final String NAME = "custom";

    private CustomComposer() {
    }

    /**
     * A new instance of {@code className}, which must implement {@link Composer} (as the deprecated
     * {@link org.servicedomain.node.engine.compose.Composer} does) and have a public no-argument constructor.
     *
     * @throws IllegalArgumentException naming the class and what is wrong with it
     */
    public static Composer load(String className) {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("the " + NAME + " composer needs the name of a " + Composer.class.getName()
                    + " class");
        }
        return PolicyNamedClass.load(className, Composer.class, "custom composer");
    }
}
