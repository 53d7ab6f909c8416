package org.servicedomain.node.policy;

import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.directive.Selector;

/**
 * The compiled rules for one virtual port: its selection rules, precompiled into a decision table
 * per operation so evaluation does not grow with the policy, the fallback directive (with a
 * selector owned by this port alone), the recovery rule, and whether anonymous calls are allowed.
 */
public final class PortPolicy {

    private final String directive;
    private final Selector selector;
    private final RecoveryRule recovery;
    private final Boolean anonymous;
    private final Map<String, List<SelectionRule>> rulesByOperation;
    private final List<SelectionRule> rulesForOtherOperations;
    private final Map<String, List<ContentCondition>> contentByOperation;
    private final List<ContentCondition> contentForOtherOperations;
    private final boolean readsClock;
    private final Map<String, OperationMapping> mappings;
    private final HealthRule health;
    private final Map<String, Composition> compositions;

    public PortPolicy(String directive, Selector selector, RecoveryRule recovery) {
        this(directive, selector, recovery, null, List.of(), List.of());
    }

    public PortPolicy(String directive, Selector selector, RecoveryRule recovery, Boolean anonymous,
            List<SelectionRule> rules) {
        this(directive, selector, recovery, anonymous, rules, List.of());
    }

    /**
     * @param anonymous whether calls without a session are allowed; null leaves it to the packages
     * @param mappings operations the port offers on top of its providers'
     */
    public PortPolicy(String directive, Selector selector, RecoveryRule recovery, Boolean anonymous,
            List<SelectionRule> rules, List<OperationMapping> mappings) {
        this(directive, selector, recovery, anonymous, rules, mappings, HealthRule.DEFAULT);
    }

    /** @param health when instances of the port are ejected and probed */
    public PortPolicy(String directive, Selector selector, RecoveryRule recovery, Boolean anonymous,
            List<SelectionRule> rules, List<OperationMapping> mappings, HealthRule health) {
        this(directive, selector, recovery, anonymous, rules, mappings, health, Map.of());
    }

    /** @param compositions the operations sent to several instances at once, by name */
    public PortPolicy(String directive, Selector selector, RecoveryRule recovery, Boolean anonymous,
            List<SelectionRule> rules, List<OperationMapping> mappings, HealthRule health,
            Map<String, Composition> compositions) {
        this.compositions = Map.copyOf(compositions);
        this.health = health;
        this.directive = directive;
        this.selector = selector;
        this.recovery = recovery;
        this.anonymous = anonymous;
        Set<String> named = new HashSet<>();
        rules.forEach(r -> named.addAll(r.operations()));
        Map<String, List<SelectionRule>> table = new LinkedHashMap<>();
        for (String operation : named) {
            table.put(operation, rules.stream().filter(r -> r.appliesTo(operation)).toList());
        }
        this.rulesByOperation = Map.copyOf(table);
        this.rulesForOtherOperations = rules.stream().filter(r -> r.operations().isEmpty()).toList();
        Map<String, List<ContentCondition>> content = new LinkedHashMap<>();
        table.forEach((operation, applicable) -> content.put(operation, conditionsOf(applicable)));
        this.contentByOperation = Map.copyOf(content);
        this.contentForOtherOperations = conditionsOf(rulesForOtherOperations);
        this.readsClock = rules.stream().anyMatch(SelectionRule::readsClock);
        Map<String, OperationMapping> byName = new LinkedHashMap<>();
        mappings.forEach(m -> byName.put(m.name(), m));
        this.mappings = Collections.unmodifiableMap(byName);
    }

    /** How calls of {@code operation} are composed from several instances, if the port composes them. */
    public Optional<Composition> composition(String operation) {
        return compositions.isEmpty() ? Optional.empty() : Optional.ofNullable(compositions.get(operation));
    }

    public HealthRule health() {
        return health;
    }

    /** The mapped operation called {@code name}, if the port offers one. */
    public Optional<OperationMapping> mapping(String name) {
        return Optional.ofNullable(mappings.get(name));
    }

    /** Every mapped operation, in document order. */
    public Collection<OperationMapping> mappings() {
        return mappings.values();
    }

    /** Whether any rule has a time window, so deciding needs the time (otherwise it may be null). */
    public boolean readsClock() {
        return readsClock;
    }

    private static List<ContentCondition> conditionsOf(List<SelectionRule> rules) {
        List<ContentCondition> conditions = new ArrayList<>();
        rules.forEach(r -> conditions.addAll(r.content()));
        return List.copyOf(conditions);
    }

    public String directive() {
        return directive;
    }

    public Selector selector() {
        return selector;
    }

    public RecoveryRule recovery() {
        return recovery;
    }

    /** Whether anonymous calls are allowed on the port: true, false, or null when the policy does not say. */
    public Boolean anonymous() {
        return anonymous;
    }

    /** The message values the rules for {@code operation} need; empty means the payload need not be read. */
    public List<ContentCondition> contentConditionsFor(String operation) {
        return contentByOperation.getOrDefault(operation, contentForOtherOperations);
    }

    /**
     * The first rule for the request's operation whose conditions hold decides; otherwise the
     * port's directive over any instance. {@code mappedLevels} (the caller's service map, or null)
     * further limits the supplier levels either way. {@code now} may be null unless {@link #readsClock()}.
     */
    public Decision decide(RequestContext request, ZonedDateTime now, Set<String> mappedLevels) {
        for (SelectionRule rule : rulesByOperation.getOrDefault(request.operation(), rulesForOtherOperations)) {
            if (rule.matches(request, now)) {
                return new Decision(rule.directive(), rule.selector(),
                        intersect(rule.supplierLevels().isEmpty() ? null : rule.supplierLevels(), mappedLevels),
                        rule.description());
            }
        }
        return new Decision(directive, selector, mappedLevels, null);
    }

    /**
     * Every decision that could serve a caller of {@code userLevel} (null: anonymous) on {@code operation},
     * whatever the time and the message: each rule for the operation whose user levels admit the caller, up to
     * the first that always matches, else also the port's directive. Over-approximates on purpose, so that an instance none of them admits is surely
     * unreachable (the policy impact preview).
     */
    public List<Decision> possibleDecisions(String operation, String userLevel, Set<String> mappedLevels) {
        List<Decision> decisions = new ArrayList<>();
        for (SelectionRule rule : rulesByOperation.getOrDefault(operation, rulesForOtherOperations)) {
            if (rule.userLevels().isEmpty() || (userLevel != null && rule.userLevels().contains(userLevel))) {
                decisions.add(new Decision(rule.directive(), rule.selector(),
                        intersect(rule.supplierLevels().isEmpty() ? null : rule.supplierLevels(), mappedLevels),
                        rule.description()));
                if (!rule.readsClock() && rule.content().isEmpty()) {
                    return decisions; // this rule always matches such a caller: none after it is ever reached
                }
            }
        }
        decisions.add(new Decision(directive, selector, mappedLevels, null));
        return decisions;
    }

    private static Set<String> intersect(Set<String> a, Set<String> b) {
        if (a == null) {
            return b;
        }
        if (b == null) {
            return a;
        }
        Set<String> both = new HashSet<>(a);
        both.retainAll(b);
        return both;
    }
}
