package org.servicedomain.node.policy;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.qos.PriorityClass;

/**
 * One {@code qos} element of a policy: the requests it matches (by user level, virtual port,
 * operation and payload content; an empty set matches any) belong to {@code priorityClass} and
 * may wait in the node's queue for at most {@code timeout}.
 */
public record QosAssignment(PriorityClass priorityClass, Duration timeout, Set<String> userLevels, String virtualPort,
        Set<String> operations, List<ContentCondition> content) {

    public QosAssignment {
        userLevels = Set.copyOf(userLevels);
        operations = Set.copyOf(operations);
        content = List.copyOf(content);
    }

    /** Whether the request is one this element assigns; its content values must have been read already. */
    public boolean matches(RequestContext request) {
        if (virtualPort != null && !virtualPort.equals(request.virtualPort().name())) {
            return false;
        }
        if (!operations.isEmpty() && (request.operation() == null || !operations.contains(request.operation()))) {
            return false;
        }
        String userLevel = request.caller().userLevel();
        if (!userLevels.isEmpty() && (userLevel == null || !userLevels.contains(userLevel))) {
            return false; // an anonymous caller has no level: no level-bound class is its
        }
        for (ContentCondition condition : content) {
            if (!condition.holdsFor(request.contentValues())) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether this element assigns an anonymous request on {@code port} calling {@code operation}
     * whose payload {@code mayHoldText} describes: {@code TRUE} or {@code FALSE} when that is enough
     * to tell, null when only the payload's values can.
     */
    Boolean assignsUnread(String port, String operation, Predicate<String> mayHoldText) {
        if (!mayMatch(port, operation) || !userLevels.isEmpty()) {
            return Boolean.FALSE;
        }
        for (ContentCondition condition : content) {
            if (condition.cannotHold(mayHoldText)) {
                return Boolean.FALSE;
            }
        }
        return content.isEmpty() ? Boolean.TRUE : null;
    }

    /** Whether this element could match a request on {@code port} calling {@code operation}. */
    boolean mayMatch(String port, String operation) {
        return (virtualPort == null || virtualPort.equals(port)) && (operations.isEmpty() || operations.contains(operation));
    }
}
