package org.servicedomain.node.policy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.servicedomain.node.directive.DirectiveOptions;
import org.servicedomain.node.directive.Selector;
import org.servicedomain.node.directive.Selectors;
import org.servicedomain.node.xml.SecureXml;
import org.servicedomain.policy.v1.ContentCondition;
import org.servicedomain.policy.v1.Health;
import org.servicedomain.policy.v1.PortRules;
import org.servicedomain.policy.v1.Recovery;
import org.servicedomain.policy.v1.Rule;
import org.servicedomain.policy.v1.Selection;

/**
 * Compiles the rules of one port (or of the defaults) against the policy's declared levels,
 * time windows and namespaces; every reference is checked here, with the element's line.
 */
final class RuleCompiler {

    static final int MAX_RETRIES = 100;
    static final long MAX_TIMEOUT_MS = Duration.ofHours(1).toMillis();

    /** The directive and recovery a port inherits when it does not set its own. */
    record Inherited(String directive, DirectiveOptions options, RecoveryRule recovery, HealthRule health) {
    }

    private final Selectors selectors;
    private final Set<String> userLevels;
    private final Set<String> supplierLevels;
    private final Map<String, TimeWindow> windows;
    private final Map<String, String> namespaces;
    /** Guarded by itself: ports the policy does not name are compiled on their first request. */
    private final Set<String> warnings = new LinkedHashSet<>();

    RuleCompiler(Selectors selectors, Set<String> userLevels, Set<String> supplierLevels,
            Map<String, TimeWindow> windows, Map<String, String> namespaces) {
        this.selectors = selectors;
        this.userLevels = userLevels;
        this.supplierLevels = supplierLevels;
        this.windows = windows;
        this.namespaces = namespaces;
    }

    Inherited inherited(PortRules element, Inherited parent) {
        if (element == null) {
            return parent;
        }
        Selection selection = element.getSelection();
        String directive = selection == null ? parent.directive() : named(selection, selection.getDirective().value());
        DirectiveOptions options = selection == null ? parent.options() : options(selection.getAttribute(), selection.getClazz());
        if (selection != null) {
            selector(selection, directive, options);
        }
        return new Inherited(directive, options, recovery(element.getRecovery(), parent.recovery(), namespaces),
                health(element.getHealth(), parent.health()));
    }

    PortPolicy port(PortRules element, Inherited inherited, Boolean anonymous) {
        return port(element, inherited, anonymous, List.of());
    }

    PortPolicy port(PortRules element, Inherited inherited, Boolean anonymous, List<OperationMapping> mappings) {
        return port(element, inherited, anonymous, mappings, Map.of());
    }

    PortPolicy port(PortRules element, Inherited inherited, Boolean anonymous, List<OperationMapping> mappings,
            Map<String, Composition> compositions) {
        List<SelectionRule> rules = new ArrayList<>();
        if (element != null) {
            for (Rule rule : element.getRule()) {
                rules.add(rule(rule, inherited));
            }
        }
        return new PortPolicy(inherited.directive(), selector(element, inherited.directive(), inherited.options()),
                inherited.recovery(), anonymous, rules, mappings, inherited.health(), compositions);
    }

    /**
     * A directive name read from the document at {@code element}; a deprecated word is noted as a
     * warning (the document still compiles).
     */
    String named(Object element, String directive) {
        selectors.replacementOf(directive).ifPresent(replacement -> {
            synchronized (warnings) {
                warnings.add(PolicyErrors.location(element) + ": directive '" + directive + "' is deprecated; use '"
                        + replacement + "', which does the same");
            }
        });
        return directive;
    }

    /** The warnings noted so far, in document order: a policy that has some still compiles. */
    List<String> warnings() {
        synchronized (warnings) {
            return List.copyOf(warnings);
        }
    }

    /** A rule; one without a directive uses its port's, with the port's parameters. */
    private SelectionRule rule(Rule rule, Inherited port) {
        TimeWindow window = TimeWindow.ALL_DAY;
        if (rule.getWindow() != null && !TimeWindow.ALL_DAY_NAME.equals(rule.getWindow())) {
            window = windows.get(rule.getWindow());
            if (window == null) {
                throw PolicyErrors.at(rule, "unknown time window '" + rule.getWindow() + "'");
            }
        }
        Set<String> ruleUserLevels = declared(rule, rule.getUserLevel(), userLevels, "user level");
        Set<String> ruleSupplierLevels = declared(rule, rule.getSupplierLevel(), supplierLevels, "supplier level");
        List<org.servicedomain.node.policy.ContentCondition> content = new ArrayList<>();
        for (ContentCondition condition : rule.getContent()) {
            content.add(content(condition));
        }
        boolean own = rule.getDirective() != null;
        String directive = own ? named(rule, rule.getDirective().value()) : port.directive();
        DirectiveOptions options = own || rule.getAttribute() != null || rule.getClazz() != null
                ? options(rule.getAttribute(), rule.getClazz()) : port.options();
        return new SelectionRule(describe(rule, directive), window, Set.copyOf(rule.getOperation()), ruleUserLevels, content,
                ruleSupplierLevels, directive, selector(rule, directive, options));
    }

    org.servicedomain.node.policy.ContentCondition content(ContentCondition condition) {
        ContentPath path;
        try {
            path = ContentPath.parse(condition.getSelect(), namespaces);
        } catch (IllegalArgumentException e) {
            throw PolicyErrors.at(condition, "content select " + e.getMessage());
        }
        Pattern pattern = null;
        if (condition.getMatches() != null) {
            try {
                pattern = Pattern.compile(condition.getMatches());
            } catch (PatternSyntaxException e) {
                throw PolicyErrors.at(condition, "content matches is not a regular expression: " + e.getDescription());
            }
        }
        Set<String> oneOf = condition.getOneOf() == null ? null : Set.copyOf(Arrays.asList(condition.getOneOf().trim().split("\\s+")));
        if (condition.getEquals() == null && oneOf == null && pattern == null) {
            throw PolicyErrors.at(condition, "a content condition needs equals, oneOf or matches");
        }
        String name = condition.getName() != null ? condition.getName() : condition.getSelect().trim();
        return new org.servicedomain.node.policy.ContentCondition(name, path, condition.getEquals(), oneOf, pattern);
    }

    static Set<String> declared(Object element, List<String> names, Set<String> declaredNames, String what) {
        if (declaredNames != null) {
            for (String name : names) {
                if (!declaredNames.contains(name)) {
                    throw PolicyErrors.at(element, "unknown " + what + " '" + name + "'; declared: " + declaredNames);
                }
            }
        }
        return new HashSet<>(names);
    }

    private Selector selector(Object element, String directive, DirectiveOptions options) {
        try {
            return selectors.create(directive, options);
        } catch (IllegalArgumentException e) {
            throw PolicyErrors.at(element, e.getMessage());
        }
    }

    private static DirectiveOptions options(String attribute, String className) {
        return attribute == null && className == null ? DirectiveOptions.NONE : new DirectiveOptions(attribute, className);
    }

    private static RecoveryRule recovery(Recovery given, RecoveryRule parent, Map<String, String> namespaces) {
        if (given == null) {
            return parent;
        }
        int retries = given.getRetries() == null ? parent.retries() : bounded(given, "retries", given.getRetries(), MAX_RETRIES);
        Duration timeout = given.getTimeoutMs() == null ? parent.instanceTimeout()
                : Duration.ofMillis(bounded(given, "timeoutMs", given.getTimeoutMs(), MAX_TIMEOUT_MS));
        String avoid = given.getAvoidSharedAttribute() != null ? given.getAvoidSharedAttribute() : parent.avoidSharedAttribute();
        int budget = given.getRetryBudgetPercent() != null ? given.getRetryBudgetPercent() : parent.retryBudgetPercent();
        boolean percolate = given.getOnExhausted() != null ? "percolate".equals(given.getOnExhausted()) : parent.percolate();
        int minInstances = given.getMinInstances() == null ? parent.minInstances()
                : bounded(given, "minInstances", given.getMinInstances(), MAX_RETRIES);
        return new RecoveryRule(retries, timeout, avoid, budget, percolate, RecoveryActions.idempotent(given, parent),
                RecoveryActions.backOut(given, parent, namespaces), minInstances);
    }

    private static HealthRule health(Health given, HealthRule parent) {
        if (given == null) {
            return parent;
        }
        int failures = given.getEjectAfterFailures() == null ? parent.ejectAfterFailures()
                : bounded(given, "ejectAfterFailures", given.getEjectAfterFailures(), 1000);
        Duration first = given.getProbeIntervalMs() == null ? parent.probeInterval()
                : Duration.ofMillis(bounded(given, "probeIntervalMs", given.getProbeIntervalMs(), MAX_TIMEOUT_MS));
        Duration max = given.getMaxProbeIntervalMs() == null ? parent.maxProbeInterval()
                : Duration.ofMillis(bounded(given, "maxProbeIntervalMs", given.getMaxProbeIntervalMs(), MAX_TIMEOUT_MS));
        if (max.compareTo(first) < 0) {
            throw PolicyErrors.at(given, "maxProbeIntervalMs must be at least probeIntervalMs");
        }
        double ratio = given.getEjectFailureRatio() == null ? parent.ejectFailureRatio() : given.getEjectFailureRatio();
        if (!(ratio >= 0 && ratio <= 1)) {
            throw PolicyErrors.at(given, "ejectFailureRatio must be between 0 and 1 but was " + ratio);
        }
        int minRequests = given.getMinRequests() == null ? parent.minRequests()
                : bounded(given, "minRequests", given.getMinRequests(), 1_000_000);
        HealthRule.ProbeOperation probe = given.getProbe() == null ? parent.probe()
                : new HealthRule.ProbeOperation(given.getProbe().getOperation(), SecureXml.write(given.getProbe().getAny()));
        return new HealthRule(failures, first, max, ratio, minRequests, probe);
    }

    private static int bounded(Object element, String what, BigInteger value, long max) {
        if (value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw PolicyErrors.at(element, what + " must be at most " + max + " but was " + value);
        }
        return value.intValueExact();
    }

    private static String describe(Rule rule, String directive) {
        return "rule(" + (rule.getWindow() == null ? TimeWindow.ALL_DAY_NAME : rule.getWindow())
                + ", operation=" + (rule.getOperation().isEmpty() ? "any" : String.join(" ", rule.getOperation()))
                + ", userLevel=" + (rule.getUserLevel().isEmpty() ? "any" : String.join(" ", rule.getUserLevel()))
                + ", supplierLevel=" + (rule.getSupplierLevel().isEmpty() ? "any" : String.join(" ", rule.getSupplierLevel()))
                + ", " + directive + ")";
    }
}
