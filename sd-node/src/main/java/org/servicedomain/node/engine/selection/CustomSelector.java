package org.servicedomain.node.engine.selection;

import org.servicedomain.node.core.PolicyNamedClass;
import org.servicedomain.node.directive.Selector;

/**
 * The {@code custom} directive: a {@link Selector} class named in the policy, such as a legacy
 * application's own server-selection logic, loaded from the node's classpath. Not a selector itself:
 * the loaded class serves requests directly, with no wrapper on the hot path.
 */
public final class CustomSelector {

    public static final String NAME = "custom";

    private CustomSelector() {
    }

    /**
     * A new instance of {@code className}, which must implement {@link Selector} (as the
     * deprecated {@link org.servicedomain.node.engine.selection.Selector} does) and have a public
     * no-argument constructor; found through the thread's context class loader, else the node's own.
     *
     * @throws IllegalArgumentException naming the class and what is wrong with it
     */
    public static Selector load(String className) {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("the " + NAME + " selection directive needs the name of a "
                    + Selector.class.getName() + " class");
        }
        return PolicyNamedClass.load(className, Selector.class, "custom selector");
    }
}
