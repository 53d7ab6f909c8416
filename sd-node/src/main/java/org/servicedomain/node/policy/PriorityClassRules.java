package org.servicedomain.node.policy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.qos.PriorityClass;

/**
 * The policy's {@code priorityClasses}: how requests are put in classes and how the node shares
 * bandwidth between the flows under overload. {@link #NONE} (no such element) queues nothing.
 *
 * @param nodeCapacityTps what this node itself passes, or {@link Double#POSITIVE_INFINITY} when unset
 */
public record PriorityClassRules(boolean enabled, List<QosAssignment> assignments, Duration defaultTimeout,
        double middleMinimumTps, double nodeCapacityTps, Duration allocationInterval, int queueLength,
        Map<String, List<ContentCondition>> contentByPortAndOperation) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_ALLOCATION_INTERVAL = Duration.ofSeconds(1);
    public static final int DEFAULT_QUEUE_LENGTH = 1000;

    /** No priority classes: every request goes straight on, as if the node had no queue. */
    public static final PriorityClassRules NONE = new PriorityClassRules(false, List.of(), DEFAULT_TIMEOUT, 0,
            Double.POSITIVE_INFINITY, DEFAULT_ALLOCATION_INTERVAL, DEFAULT_QUEUE_LENGTH, Map.of());

    /** The class of a request and how long it may wait in the queue. */
    public record Verdict(PriorityClass priorityClass, Duration timeout) {
    }

    public PriorityClassRules {
        assignments = List.copyOf(assignments);
        contentByPortAndOperation = new ConcurrentHashMap<>(contentByPortAndOperation);
    }

    /** The first matching {@code qos} element's class and deadline; low with the default deadline when none matches. */
    public Verdict classify(RequestContext request) {
        for (QosAssignment assignment : assignments) {
            if (assignment.matches(request)) {
                return new Verdict(assignment.priorityClass(), assignment.timeout());
            }
        }
        return new Verdict(PriorityClass.LOW, defaultTimeout);
    }

    /** The payload values classifying a request on {@code port} calling {@code operation} needs; computed once per pair. */
    public List<ContentCondition> contentConditionsFor(String port, String operation) {
        if (assignments.stream().allMatch(a -> a.content().isEmpty())) {
            return List.of();
        }
        return contentByPortAndOperation.computeIfAbsent(port + '\n' + operation, key -> {
            List<ContentCondition> conditions = new ArrayList<>();
            for (QosAssignment a : assignments) {
                if (a.mayMatch(port, operation)) {
                    conditions.addAll(a.content());
                }
            }
            return List.copyOf(conditions);
        });
    }
}
