package org.servicedomain.node.policy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.qos.PriorityClass;

/**
 * The policy's {@code priorityClasses}: how requests are put in classes and how the node shares
 * bandwidth between the flows under overload. {@link #NONE} (no such element) queues nothing.
 */
public final class PriorityClassRules {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    public static final Duration DEFAULT_ALLOCATION_INTERVAL = Duration.ofSeconds(1);
    public static final int DEFAULT_QUEUE_LENGTH = 1000;
    /** Long enough that a closed-loop client refused at once offers a few refusals a second per connection, not thousands. */
    public static final Duration DEFAULT_REFUSAL_PAUSE = Duration.ofMillis(50);

    /** No priority classes: every request goes straight on, as if the node had no queue. */
    public static final PriorityClassRules NONE = new PriorityClassRules(false, List.of(), DEFAULT_TIMEOUT, 0, Map.of(),
            Double.POSITIVE_INFINITY, DEFAULT_ALLOCATION_INTERVAL, DEFAULT_QUEUE_LENGTH, DEFAULT_REFUSAL_PAUSE);

    /** The class of a request and how long it may wait in the queue. */
    public record Verdict(PriorityClass priorityClass, Duration timeout) {
    }

    private final boolean enabled;
    private final List<QosAssignment> assignments;
    private final boolean readsContent;
    private final Duration defaultTimeout;
    private final double middleMinimumTps;
    private final Map<String, Double> middleMinimumByPort;
    private final double nodeCapacityTps;
    private final Duration allocationInterval;
    private final int queueLength;
    private final Duration refusalPause;
    /** The content conditions per port and operation, worked out on first use of each pair. */
    private final Map<String, List<ContentCondition>> contentByPortAndOperation = new ConcurrentHashMap<>();

    /** @param nodeCapacityTps what this node itself passes, or {@link Double#POSITIVE_INFINITY} when unset */
    PriorityClassRules(boolean enabled, List<QosAssignment> assignments, Duration defaultTimeout, double middleMinimumTps,
            Map<String, Double> middleMinimumByPort, double nodeCapacityTps, Duration allocationInterval, int queueLength,
            Duration refusalPause) {
        this.enabled = enabled;
        this.assignments = List.copyOf(assignments);
        this.readsContent = assignments.stream().anyMatch(a -> !a.content().isEmpty());
        this.defaultTimeout = defaultTimeout;
        this.middleMinimumTps = middleMinimumTps;
        this.middleMinimumByPort = Map.copyOf(middleMinimumByPort);
        this.nodeCapacityTps = nodeCapacityTps;
        this.allocationInterval = allocationInterval;
        this.queueLength = queueLength;
        this.refusalPause = refusalPause;
    }

    /** Whether the policy sets priority classes at all. */
    public boolean enabled() {
        return enabled;
    }

    /** The queue deadline of requests no {@code qos} element assigns (they are low). */
    public Duration defaultTimeout() {
        return defaultTimeout;
    }

    /** The bandwidth reserved for the middle-class flow of a port no {@code middleMinimum} element names. */
    public double middleMinimumTps() {
        return middleMinimumTps;
    }

    /** The bandwidth reserved for {@code virtualPort}'s middle-class flow: its own minimum, else the default. */
    public double middleMinimumTps(String virtualPort) {
        return middleMinimumByPort.getOrDefault(virtualPort, middleMinimumTps);
    }

    /** What this node itself passes; infinite when the policy does not say. */
    public double nodeCapacityTps() {
        return nodeCapacityTps;
    }

    public Duration allocationInterval() {
        return allocationInterval;
    }

    /** The most requests one flow holds waiting. */
    public int queueLength() {
        return queueLength;
    }

    /**
     * How long an entry waits, after answering {@code Overloaded} on a connection, before it reads that
     * connection's next request: a flood of calls retried at once costs the node a few answers a second
     * per connection instead of as many as the client can send. Zero reads on at once.
     */
    public Duration refusalPause() {
        return refusalPause;
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

    /**
     * The class of an anonymous request on {@code port} calling {@code operation}, told without
     * reading its payload's values: {@code mayHoldText} says which texts the payload may hold. Null
     * when the payload's values are needed to tell (a {@code qos} element before the one that decides
     * has a content condition that may hold).
     */
    public Verdict classifyUnread(String port, String operation, Predicate<String> mayHoldText) {
        for (QosAssignment assignment : assignments) {
            Boolean assigns = assignment.assignsUnread(port, operation, mayHoldText);
            if (assigns == null) {
                return null;
            }
            if (assigns) {
                return new Verdict(assignment.priorityClass(), assignment.timeout());
            }
        }
        return new Verdict(PriorityClass.LOW, defaultTimeout);
    }

    /** The payload values classing a request on {@code port} calling {@code operation} needs; worked out once per pair. */
    public List<ContentCondition> contentConditionsFor(String port, String operation) {
        if (!readsContent) {
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
