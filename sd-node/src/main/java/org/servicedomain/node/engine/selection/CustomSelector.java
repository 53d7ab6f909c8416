package org.servicedomain.node.engine.selection;

import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

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
     * A new instance of {@code className}, which must implement {@link Selector} and have a public
     * no-argument constructor; found through the thread's context class loader, else the node's own.
     *
     * @throws IllegalArgumentException naming the class and what is wrong with it
     */
    public static Selector load(String className) {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("the " + NAME + " selection directive needs the name of a "
                    + Selector.class.getName() + " class");
        }
        Class<?> type = find(className.trim());
        if (!Selector.class.isAssignableFrom(type)) {
            throw invalid(type.getName(), "does not implement " + Selector.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw invalid(type.getName(), "is abstract");
        }
        try {
            Constructor<?> constructor = type.getConstructor();
            return (Selector) constructor.newInstance();
        } catch (NoSuchMethodException e) {
            throw invalid(type.getName(), "has no public no-argument constructor");
        } catch (IllegalAccessException e) {
            throw invalid(type.getName(), "is not public");
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("custom selector class '" + type.getName()
                    + "' failed in its constructor: " + e.getCause(), e.getCause());
        } catch (InstantiationException e) {
            throw invalid(type.getName(), "cannot be instantiated");
        }
    }

    private static Class<?> find(String className) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader own = CustomSelector.class.getClassLoader();
        try {
            if (context != null && context != own) {
                try {
                    return Class.forName(className, false, context);
                } catch (ClassNotFoundException e) {
                    // not visible to the context loader; try the node's own
                }
            }
            return Class.forName(className, false, own);
        } catch (ClassNotFoundException e) {
            throw invalid(className, "is not on the node's classpath");
        } catch (LinkageError e) {
            throw new IllegalArgumentException("custom selector class '" + className + "' cannot be loaded: " + e, e);
        }
    }

    private static IllegalArgumentException invalid(String className, String problem) {
        return new IllegalArgumentException("custom selector class '" + className + "' " + problem);
    }
}
