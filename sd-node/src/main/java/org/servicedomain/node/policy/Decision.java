package org.servicedomain.node.policy;

import java.util.Set;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.directive.Selector;

/**
 * What the policy decided for one request: which instances may serve it (by supplier level) and
 * the directive that chooses among them.
 *
 * @param supplierLevels the supplier levels that may serve, or null when any may
 * @param rule a description of the rule that matched, or null when the port's selection applied
 */
public record Decision(String directive, Selector selector, Set<String> supplierLevels, String rule) {

    public Decision {
        supplierLevels = supplierLevels == null ? null : Set.copyOf(supplierLevels);
    }

    /** Whether the decision admits every instance (it names no supplier levels). */
    public boolean admitsAll() {
        return supplierLevels == null;
    }

    /** Whether {@code instance} may serve under this decision: it belongs to one of its levels, if it names any. */
    public boolean admits(Instance instance) {
        return supplierLevels == null || instance.inAnyLevelOf(supplierLevels);
    }
}
