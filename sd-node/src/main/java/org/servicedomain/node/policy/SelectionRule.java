package org.servicedomain.node.policy;

import java.time.ZonedDateTime;
import java.util.List;
import java.util.Set;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/**
 * One compiled selection rule: a tuple of conditions (time window, operations, user levels,
 * message content) and what it decides (supplier levels and a directive with its own selector).
 * An empty set means "any".
 */
public record SelectionRule(
        String description,
        TimeWindow window,
        Set<String> operations,
        Set<String> userLevels,
        List<ContentCondition> content,
        Set<String> supplierLevels,
        String directive,
        Selector selector) {

    public SelectionRule {
        operations = Set.copyOf(operations);
        userLevels = Set.copyOf(userLevels);
        content = List.copyOf(content);
        supplierLevels = Set.copyOf(supplierLevels);
    }

    boolean readsClock() {
        return window != TimeWindow.ALL_DAY;
    }

    boolean appliesTo(String operation) {
        return operations.isEmpty() || operations.contains(operation);
    }

    boolean matches(RequestContext request, ZonedDateTime now) {
        String userLevel = request.caller().userLevel();
        if (!userLevels.isEmpty() && (userLevel == null || !userLevels.contains(userLevel))) {
            return false;
        }
        if (window != TimeWindow.ALL_DAY && !window.contains(now)) {
            return false;
        }
        for (ContentCondition condition : content) {
            if (!condition.holdsFor(request.contentValues())) {
                return false;
            }
        }
        return true;
    }
}
