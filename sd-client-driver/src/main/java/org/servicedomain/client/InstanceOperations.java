package org.servicedomain.client;

import java.util.List;
import org.servicedomain.home.v1.InstanceInfo;

/**
 * How clients of the home port show which of its port's operations an instance implements: "all",
 * or the ones it does. A node older than per-instance operations tells neither, and then sent every
 * call to every instance: that shows as "all" too.
 */
public final class InstanceOperations {

    /** What is shown for an instance that implements every operation of its port. */
    public static final String ALL = "all";

    private InstanceOperations() {
    }

    /** Whether the instance implements every operation of its port. */
    public static boolean all(InstanceInfo instance) {
        return !Boolean.FALSE.equals(instance.isAllOperations());
    }

    /** The port's operations the instance implements, in name order; empty when it implements {@linkplain #all all}. */
    public static List<String> implemented(InstanceInfo instance) {
        return all(instance) ? List.of() : List.copyOf(instance.getOperation());
    }

    /** {@value #ALL}, or the operations it implements separated by {@code separator} ("none" for none). */
    public static String shown(InstanceInfo instance, String separator) {
        if (all(instance)) {
            return ALL;
        }
        return instance.getOperation().isEmpty() ? "none" : String.join(separator, instance.getOperation());
    }
}
