package org.servicedomain.node.core;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Modifier;

/**
 * A class a policy names for one of the node's plug-in points (a custom directive's selector, a custom
 * composer): found through the thread's context class loader, else the node's own, and made with its
 * public no-argument constructor. Each failure is an {@link IllegalArgumentException} that names the
 * class and what is wrong with it, so the policy is refused with that text when it is set.
 */
public final class PolicyNamedClass {

    private PolicyNamedClass() {
    }

    /**
     * A new instance of {@code className}, which must implement {@code contract}.
     *
     * @param role how the class is named in messages, e.g. {@code custom selector}
     */
    public static <T> T load(String className, Class<T> contract, String role) {
        Class<?> type = find(className.trim(), role);
        if (!contract.isAssignableFrom(type)) {
            throw invalid(role, type.getName(), "does not implement " + contract.getName());
        }
        if (type.isInterface() || Modifier.isAbstract(type.getModifiers())) {
            throw invalid(role, type.getName(), "is abstract");
        }
        try {
            return contract.cast(type.getConstructor().newInstance());
        } catch (NoSuchMethodException e) {
            throw invalid(role, type.getName(), "has no public no-argument constructor");
        } catch (IllegalAccessException e) {
            throw invalid(role, type.getName(), "is not public");
        } catch (InvocationTargetException e) {
            throw new IllegalArgumentException(role + " class '" + type.getName()
                    + "' failed in its constructor: " + e.getCause(), e.getCause());
        } catch (InstantiationException e) {
            throw invalid(role, type.getName(), "cannot be instantiated");
        }
    }

    private static Class<?> find(String className, String role) {
        ClassLoader context = Thread.currentThread().getContextClassLoader();
        ClassLoader own = PolicyNamedClass.class.getClassLoader();
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
            throw invalid(role, className, "is not on the node's classpath");
        } catch (LinkageError e) {
            throw new IllegalArgumentException(role + " class '" + className + "' cannot be loaded: " + e, e);
        }
    }

    private static IllegalArgumentException invalid(String role, String className, String problem) {
        return new IllegalArgumentException(role + " class '" + className + "' " + problem);
    }
}
