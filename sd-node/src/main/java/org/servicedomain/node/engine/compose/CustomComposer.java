package org.servicedomain.node.engine.compose;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/**
 * The {@code custom} composer: a {@link Composer} class named in the policy, loaded from the node's
 * classpath (the thread's context class loader, else the node's own), as custom directives are.
 */
public final class CustomComposer {

    public static final String NAME = "custom";

    private CustomComposer() {
    }

    /**
     * A new instance of {@code className}, which must implement {@link Composer} and have a public
     * no-argument constructor.
     *
     * @throws IllegalArgumentException naming the class and what is wrong with it
     */
    public static Composer load(String className) {
        if (className == null || className.isBlank()) {
            throw new IllegalArgumentException("the " + NAME + " composer needs the name of a " + Composer.class.getName()
                    + " class");
        }
        Class<?> type = find(className.trim());
        if (!Composer.class.isAssignableFrom(type)) {
            throw invalid(type.getName(), "does not implement " + Composer.class.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw invalid(type.getName(), "is abstract");
        }
        try {
            return (Composer) type.getConstructor().newInstance();
        } catch (NoSuchMethodException e) {
            throw invalid(type.getName(), "has no public no-argument constructor");
        } catch (IllegalAccessException e) {
            throw invalid(type.getName(), "is not public");
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException("custom composer class '" + type.getName()
                    + "' failed in its constructor: " + e.getCause(), e.getCause());
        } catch (InstantiationException e) {
            throw invalid(type.getName(), "cannot be instantiated");
        }
    }

    private static Class<?> find(String className) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader own = CustomComposer.class.getClassLoader();
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
            throw new IllegalArgumentException("custom composer class '" + className + "' cannot be loaded: " + e, e);
        }
    }

    private static IllegalArgumentException invalid(String className, String problem) {
        return new IllegalArgumentException("custom composer class '" + className + "' " + problem);
    }
}
