package org.servicedomain.node.policy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.servicedomain.node.qos.PriorityClass;
import org.servicedomain.policy.v1.MiddleMinimum;
import org.servicedomain.policy.v1.Package;
import org.servicedomain.policy.v1.Policy;
import org.servicedomain.policy.v1.PriorityClasses;
import org.servicedomain.policy.v1.Qos;

/**
 * Compiles {@code priorityClasses} into {@link PriorityClassRules}, refusing what the schema lets
 * through but the node cannot honour (an unknown class, a deadline or capacity that is not positive,
 * a middle-class minimum, default or per port, that is negative or above the node's capacity, a port
 * given two minimums), each with its line.
 */
final class PriorityClassCompiler {

    /** The longest queue deadline a policy may set: ten minutes. */
    static final long MAX_TIMEOUT_MS = 600_000;
    /** The most requests a flow may hold waiting. */
    static final int MAX_QUEUE_LENGTH = 100_000;
    /** The longest pause after a refusal a policy may set: ten seconds. */
    static final long MAX_REFUSAL_PAUSE_MS = 10_000;

    private PriorityClassCompiler() {
    }

    static PriorityClassRules compile(Policy policy, RuleCompiler rules, Set<String> userLevels) {
        PriorityClasses classes = policy.getPriorityClasses();
        if (classes == null) {
            return PriorityClassRules.NONE;
        }
        double nodeCapacity = classes.getNodeCapacityTps() == null ? Double.POSITIVE_INFINITY
                : positive(classes, "nodeCapacityTps", classes.getNodeCapacityTps());
        double minimum = classes.getMiddleMinimumTps() == null ? 0 : nonNegative(classes, "middleMinimumTps", classes.getMiddleMinimumTps());
        if (minimum > nodeCapacity) {
            throw PolicyErrors.at(classes, "middleMinimumTps " + minimum + " is above nodeCapacityTps " + nodeCapacity
                    + ": the node cannot guarantee more than it passes");
        }
        Map<String, Double> minimumByPort = minimumsByPort(classes, nodeCapacity);
        List<QosAssignment> assignments = new ArrayList<>();
        for (Qos qos : classes.getQos()) {
            assignments.add(assignment(qos, policy, rules, userLevels));
        }
        return new PriorityClassRules(true, assignments,
                millis(classes, "defaultTimeoutMs", classes.getDefaultTimeoutMs(), PriorityClassRules.DEFAULT_TIMEOUT),
                minimum, minimumByPort, nodeCapacity,
                millis(classes, "allocationIntervalMs", classes.getAllocationIntervalMs(),
                        PriorityClassRules.DEFAULT_ALLOCATION_INTERVAL),
                queueLength(classes), refusalPause(classes));
    }

    /** The {@code middleMinimum} elements: each port's own class-2 minimum; the port need not exist yet. */
    private static Map<String, Double> minimumsByPort(PriorityClasses classes, double nodeCapacity) {
        Map<String, Double> byPort = new HashMap<>();
        for (MiddleMinimum m : classes.getMiddleMinimum()) {
            String port = m.getVirtualPort().trim();
            double tps = nonNegative(m, "middleMinimum tps of virtual port '" + port + "'", m.getTps());
            if (tps > nodeCapacity) {
                throw PolicyErrors.at(m, "middleMinimum tps " + tps + " of virtual port '" + port + "' is above nodeCapacityTps "
                        + nodeCapacity + ": the node cannot guarantee more than it passes");
            }
            if (byPort.putIfAbsent(port, tps) != null) {
                throw PolicyErrors.at(m, "virtual port '" + port + "' has a middleMinimum already");
            }
        }
        return byPort;
    }

    private static QosAssignment assignment(Qos qos, Policy policy, RuleCompiler rules, Set<String> userLevels) {
        PriorityClass priorityClass;
        try {
            priorityClass = PriorityClass.named(qos.getClazz() == null ? null : qos.getClazz().trim());
        } catch (IllegalArgumentException e) {
            throw PolicyErrors.at(qos, e.getMessage());
        }
        Set<String> levels = new LinkedHashSet<>(RuleCompiler.declared(qos, qos.getUserLevel(), userLevels, "user level"));
        for (String name : qos.getPackage()) {
            levels.addAll(packageLevels(qos, policy, name));
        }
        List<ContentCondition> content = new ArrayList<>();
        for (org.servicedomain.policy.v1.ContentCondition condition : qos.getContent()) {
            content.add(rules.content(condition));
        }
        return new QosAssignment(priorityClass, millis(qos, "timeoutMs", qos.getTimeoutMs(), null), levels,
                qos.getVirtualPort() == null ? null : qos.getVirtualPort().trim(), Set.copyOf(qos.getOperation()), content);
    }

    private static List<String> packageLevels(Qos qos, Policy policy, String name) {
        for (Package p : policy.getPackage()) {
            if (p.getName().equals(name)) {
                return p.getUserLevels();
            }
        }
        throw PolicyErrors.at(qos, "unknown package '" + name + "'");
    }

    private static Duration millis(Object element, String attribute, BigInteger value, Duration absent) {
        if (value == null) {
            return absent;
        }
        if (value.signum() <= 0 || value.compareTo(BigInteger.valueOf(MAX_TIMEOUT_MS)) > 0) {
            throw PolicyErrors.at(element, attribute + " must be between 1 and " + MAX_TIMEOUT_MS + " but was " + value);
        }
        return Duration.ofMillis(value.longValueExact());
    }

    private static int queueLength(PriorityClasses classes) {
        BigInteger value = classes.getQueueLength();
        if (value == null) {
            return PriorityClassRules.DEFAULT_QUEUE_LENGTH;
        }
        if (value.signum() <= 0 || value.compareTo(BigInteger.valueOf(MAX_QUEUE_LENGTH)) > 0) {
            throw PolicyErrors.at(classes, "queueLength must be between 1 and " + MAX_QUEUE_LENGTH + " but was " + value);
        }
        return value.intValueExact();
    }

    private static Duration refusalPause(PriorityClasses classes) {
        BigInteger value = classes.getRefusalPauseMs();
        if (value == null) {
            return PriorityClassRules.DEFAULT_REFUSAL_PAUSE;
        }
        if (value.signum() < 0 || value.compareTo(BigInteger.valueOf(MAX_REFUSAL_PAUSE_MS)) > 0) {
            throw PolicyErrors.at(classes, "refusalPauseMs must be between 0 and " + MAX_REFUSAL_PAUSE_MS + " but was " + value);
        }
        return Duration.ofMillis(value.longValueExact());
    }

    private static double positive(Object element, String attribute, double value) {
        if (!(value > 0) || Double.isInfinite(value)) {
            throw PolicyErrors.at(element, attribute + " must be a positive number of requests per second but was " + value);
        }
        return value;
    }

    private static double nonNegative(Object element, String what, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw PolicyErrors.at(element, what + " must be zero or more requests per second but was " + value);
        }
        return value;
    }
}
