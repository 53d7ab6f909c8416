package org.servicedomain.node.policy;

import java.math.BigInteger;
import java.net.URI;
import java.time.DateTimeException;
import java.time.DayOfWeek;
import java.time.Duration;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import javax.xml.datatype.XMLGregorianCalendar;
import org.servicedomain.node.directive.Composers;
import org.servicedomain.node.directive.DirectiveOptions;
import org.servicedomain.node.directive.Selectors;
import org.servicedomain.policy.v1.Grant;
import org.servicedomain.policy.v1.Named;
import org.servicedomain.policy.v1.NamespaceBinding;
import org.servicedomain.policy.v1.Package;
import org.servicedomain.policy.v1.Period;
import org.servicedomain.policy.v1.Policy;
import org.servicedomain.policy.v1.Rule;
import org.servicedomain.policy.v1.ServiceMap;
import org.servicedomain.policy.v1.VirtualPortRules;

/**
 * Turns a schema-valid policy document into a {@link CompiledPolicy}: resolves every directive,
 * level, window and namespace now, and reports what does not resolve with its line.
 */
public final class PolicyCompiler {

    static final int MAX_RETRIES = RuleCompiler.MAX_RETRIES;
    static final long MAX_TIMEOUT_MS = RuleCompiler.MAX_TIMEOUT_MS;

    /** The directive where a policy names none and sets no {@code settings/@defaultDirective}. */
    public static final String DEFAULT_DIRECTIVE = "random";

    /** The longest a policy may let a session idle: thirty days. */
    static final Duration MAX_SESSION_IDLE = Duration.ofDays(30);

    private final Selectors selectors;
    private final Composers composers;
    private final Supplier<Map<String, Set<String>>> knownPorts;
    private final PlacementCheck placementCheck;

    /**
     * A compiler resolving directive names through {@code selectors} and composer names through
     * {@code composers}, that does not check port and operation names (nothing to check them against).
     */
    public PolicyCompiler(Selectors selectors, Composers composers) {
        this(selectors, composers, () -> null);
    }

    /**
     * A compiler that refuses policies naming virtual ports, or operations of them, that
     * {@code knownPorts} (port name to its operations, as the catalog has them now) lacks.
     */
    public PolicyCompiler(Selectors selectors, Composers composers, Supplier<Map<String, Set<String>>> knownPorts) {
        this(selectors, composers, knownPorts, PlacementCheck.ANY);
    }

    /** As {@link #PolicyCompiler(Selectors, Composers, Supplier)}, asking {@code placementCheck} about each placement. */
    public PolicyCompiler(Selectors selectors, Composers composers, Supplier<Map<String, Set<String>>> knownPorts,
            PlacementCheck placementCheck) {
        this.selectors = selectors;
        this.composers = composers;
        this.knownPorts = knownPorts;
        this.placementCheck = placementCheck;
    }

    public CompiledPolicy compile(long version, String document, Policy policy) {
        checkNames(policy, knownPorts.get());
        Set<String> userLevels = levels(policy, true);
        Set<String> supplierLevels = levels(policy, false);
        Map<String, TimeWindow> windows = windows(policy);
        RuleCompiler rules = new RuleCompiler(selectors, userLevels, supplierLevels, windows, namespaces(policy));
        RuleCompiler.Inherited defaults = rules.inherited(policy.getDefaults(), new RuleCompiler.Inherited(
                defaultDirective(policy, rules), DirectiveOptions.NONE, RecoveryRule.DEFAULT, HealthRule.DEFAULT));
        Map<String, PortPolicy> named = new HashMap<>();
        for (VirtualPortRules port : policy.getVirtualPort()) {
            named.put(port.getName(), rules.port(port, rules.inherited(port, defaults), port.isAnonymous(), mappings(port),
                    ComposeCompiler.compositions(port, composers)));
        }
        rules.port(policy.getDefaults(), defaults, null);
        return new CompiledPolicy(version, document, named, port -> rules.port(policy.getDefaults(), defaults, null),
                access(policy, userLevels), serviceMaps(policy, userLevels, supplierLevels), zone(policy),
                sessionIdle(policy), notifyUrl(policy), PeerCompiler.peers(policy.getPeers()),
                policy.getSettings() != null && Boolean.TRUE.equals(policy.getSettings().isTrustProviderClaims()),
                rules.warnings(), PriorityClassCompiler.compile(policy, rules, userLevels),
                DiscoveryCompiler.rule(policy.getDiscovery(), supplierLevels),
                FeeCompiler.compile(policy, windows, zone(policy), userLevels, supplierLevels),
                PlacementCompiler.placements(policy, namespaces(policy), placementCheck));
    }

    /**
     * {@code settings/@defaultDirective}, the directive wherever the policy names none, checked
     * against the known directives; {@value #DEFAULT_DIRECTIVE} when unset, as in the service-domain model.
     */
    private String defaultDirective(Policy policy, RuleCompiler rules) {
        if (policy.getSettings() == null || policy.getSettings().getDefaultDirective() == null) {
            return DEFAULT_DIRECTIVE;
        }
        String name = policy.getSettings().getDefaultDirective().trim();
        if (!selectors.names().contains(name)) {
            throw PolicyErrors.at(policy.getSettings(), "unknown defaultDirective '" + name + "'; known directives: "
                    + selectors.names());
        }
        try {
            selectors.create(name, DirectiveOptions.NONE);
        } catch (IllegalArgumentException e) {
            throw PolicyErrors.at(policy.getSettings(), "defaultDirective '" + name + "' cannot serve without parameters: "
                    + e.getMessage());
        }
        return rules.named(policy.getSettings(), name);
    }

    private static List<OperationMapping> mappings(VirtualPortRules port) {
        List<OperationMapping> mappings = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (org.servicedomain.policy.v1.OperationMapping m : port.getOperationMapping()) {
            if (!names.add(m.getName())) {
                throw PolicyErrors.at(m, "operation mapping '" + m.getName() + "' is declared twice");
            }
            Map<String, String> arguments = new LinkedHashMap<>();
            for (org.servicedomain.policy.v1.OperationMapping.Argument a : m.getArgument()) {
                if (arguments.put(a.getName(), a.getValue()) != null) {
                    throw PolicyErrors.at(m, "argument '" + a.getName() + "' is given twice");
                }
            }
            mappings.add(new OperationMapping(m.getName(), m.getOperation(), arguments));
        }
        return mappings;
    }

    /** The first element of {@code policy} that names virtual port {@code port}: its rules, a grant or a priority class. */
    static Optional<Object> naming(Policy policy, String port) {
        List<Object> naming = new ArrayList<>();
        policy.getVirtualPort().stream().filter(p -> port.equals(p.getName())).forEach(naming::add);
        policy.getPackage().stream().flatMap(p -> p.getGrant().stream()).filter(g -> port.equals(g.getVirtualPort()))
                .forEach(naming::add);
        if (policy.getPriorityClasses() != null) {
            policy.getPriorityClasses().getQos().stream()
                    .filter(q -> q.getVirtualPort() != null && port.equals(q.getVirtualPort().trim())).forEach(naming::add);
        }
        return naming.stream().findFirst();
    }

    private static void checkNames(Policy policy, Map<String, Set<String>> ports) {
        if (ports == null) {
            return;
        }
        for (VirtualPortRules port : policy.getVirtualPort()) {
            Set<String> provided = requirePort(port, port.getName(), ports);
            Set<String> operations = new HashSet<>(provided);
            for (org.servicedomain.policy.v1.OperationMapping m : port.getOperationMapping()) {
                requireOperations(m, port.getName(), List.of(m.getOperation()), provided);
                if (provided.contains(m.getName())) {
                    throw PolicyErrors.at(m, "operation mapping '" + m.getName() + "' hides the providers' own operation");
                }
                operations.add(m.getName());
            }
            for (Rule rule : port.getRule()) {
                requireOperations(rule, port.getName(), rule.getOperation(), operations);
            }
            for (org.servicedomain.policy.v1.Compose compose : port.getCompose()) {
                requireOperations(compose, port.getName(), compose.getOperation(), operations);
            }
        }
        for (Package p : policy.getPackage()) {
            for (Grant g : p.getGrant()) {
                requireOperations(g, g.getVirtualPort(), g.getOperations(), requirePort(g, g.getVirtualPort(), ports));
            }
        }
        if (policy.getPriorityClasses() != null) {
            for (org.servicedomain.policy.v1.Qos q : policy.getPriorityClasses().getQos()) {
                if (q.getVirtualPort() != null) {
                    requireOperations(q, q.getVirtualPort(), q.getOperation(), requirePort(q, q.getVirtualPort().trim(), ports));
                }
            }
        }
    }

    private static Set<String> requirePort(Object element, String name, Map<String, Set<String>> ports) {
        Set<String> operations = ports.get(name);
        if (operations == null) {
            throw PolicyErrors.at(element, "unknown virtual port '" + name + "'; the catalog has " + ports.keySet());
        }
        return operations;
    }

    private static void requireOperations(Object element, String port, List<String> names, Set<String> operations) {
        for (String name : names) {
            if (!operations.contains(name)) {
                throw PolicyErrors.at(element, "virtual port '" + port + "' has no operation '" + name
                        + "'; it has " + operations);
            }
        }
    }

    /** The declared user (or supplier) levels, or null when the policy declares none and so does not check them. */
    private static Set<String> levels(Policy policy, boolean user) {
        if (policy.getServiceLevels() == null) {
            return null;
        }
        List<Named> declared = user ? policy.getServiceLevels().getUserLevel() : policy.getServiceLevels().getSupplierLevel();
        Set<String> names = new LinkedHashSet<>();
        for (Named n : declared) {
            if (!names.add(n.getName())) {
                throw PolicyErrors.at(n, (user ? "user" : "supplier") + " level '" + n.getName() + "' is declared twice");
            }
        }
        return names;
    }

    private static Map<String, TimeWindow> windows(Policy policy) {
        Map<String, TimeWindow> windows = new HashMap<>();
        for (org.servicedomain.policy.v1.TimeWindow w : policy.getTimeWindow()) {
            if (TimeWindow.ALL_DAY_NAME.equals(w.getName())) {
                throw PolicyErrors.at(w, "time window '" + TimeWindow.ALL_DAY_NAME + "' is built in");
            }
            List<TimeWindow.Period> periods = new ArrayList<>();
            for (Period p : w.getPeriod()) {
                periods.add(new TimeWindow.Period(days(p.getDays()), time(p.getFrom()), endTime(p.getTo())));
            }
            windows.put(w.getName(), new TimeWindow(w.getName(), periods));
        }
        return windows;
    }

    private static Set<DayOfWeek> days(List<String> days) {
        if (days.isEmpty()) {
            return EnumSet.allOf(DayOfWeek.class);
        }
        Set<DayOfWeek> set = EnumSet.noneOf(DayOfWeek.class);
        for (String day : days) {
            for (DayOfWeek d : DayOfWeek.values()) {
                if (d.name().startsWith(day)) {
                    set.add(d);
                }
            }
        }
        return set;
    }

    private static LocalTime time(XMLGregorianCalendar value) {
        return LocalTime.of(value.getHour() % 24, value.getMinute(), value.getSecond());
    }

    /** A period's end; midnight (00:00:00 or 24:00:00) is the end of the day, {@link LocalTime#MAX}. */
    private static LocalTime endTime(XMLGregorianCalendar value) {
        LocalTime end = time(value);
        return end.equals(LocalTime.MIDNIGHT) ? LocalTime.MAX : end;
    }

    private static Map<String, String> namespaces(Policy policy) {
        Map<String, String> namespaces = new HashMap<>();
        for (NamespaceBinding n : policy.getNamespace()) {
            if (namespaces.put(n.getPrefix(), n.getUri()) != null) {
                throw PolicyErrors.at(n, "namespace prefix '" + n.getPrefix() + "' is declared twice");
            }
        }
        return namespaces;
    }

    private static AccessRules access(Policy policy, Set<String> userLevels) {
        List<AccessRules.Grant> grants = new ArrayList<>();
        for (Package p : policy.getPackage()) {
            requireDeclared(p, p.getUserLevels(), userLevels, "user level");
            for (Grant g : p.getGrant()) {
                grants.add(new AccessRules.Grant(g.getVirtualPort(), Set.copyOf(p.getUserLevels()), Set.copyOf(g.getOperations())));
            }
        }
        return grants.isEmpty() ? AccessRules.OPEN : new AccessRules(grants);
    }

    private static Map<String, Set<String>> serviceMaps(Policy policy, Set<String> userLevels, Set<String> supplierLevels) {
        Map<String, Set<String>> maps = new HashMap<>();
        for (ServiceMap m : policy.getServiceMap()) {
            requireDeclared(m, List.of(m.getUserLevel()), userLevels, "user level");
            requireDeclared(m, m.getSupplierLevels(), supplierLevels, "supplier level");
            maps.put(m.getUserLevel(), Set.copyOf(m.getSupplierLevels()));
        }
        return maps;
    }

    private static void requireDeclared(Object element, List<String> names, Set<String> declared, String what) {
        if (declared == null) {
            return;
        }
        for (String name : names) {
            if (!declared.contains(name)) {
                throw PolicyErrors.at(element, "unknown " + what + " '" + name + "'; declared: " + declared);
            }
        }
    }

    private static ZoneId zone(Policy policy) {
        if (policy.getSettings() == null || policy.getSettings().getTimeZone() == null) {
            return ZoneId.of("UTC");
        }
        try {
            return ZoneId.of(policy.getSettings().getTimeZone());
        } catch (DateTimeException e) {
            throw PolicyErrors.at(policy.getSettings(), "unknown time zone '" + policy.getSettings().getTimeZone() + "'");
        }
    }

    private static String notifyUrl(Policy policy) {
        if (policy.getSettings() == null || policy.getSettings().getNotifyUrl() == null) {
            return null;
        }
        String url = policy.getSettings().getNotifyUrl().trim();
        try {
            URI uri = URI.create(url);
            if (("http".equalsIgnoreCase(uri.getScheme()) || "https".equalsIgnoreCase(uri.getScheme())) && uri.getHost() != null) {
                return url;
            }
        } catch (IllegalArgumentException e) {
            throw PolicyErrors.at(policy.getSettings(), "notifyUrl '" + url + "' is not a URL: " + e.getMessage());
        }
        throw PolicyErrors.at(policy.getSettings(), "notifyUrl '" + url + "' is not an http or https URL");
    }

    private static Duration sessionIdle(Policy policy) {
        if (policy.getSettings() == null || policy.getSettings().getSessionIdleSeconds() == null) {
            return null;
        }
        BigInteger seconds = policy.getSettings().getSessionIdleSeconds();
        if (seconds.compareTo(BigInteger.valueOf(MAX_SESSION_IDLE.toSeconds())) > 0) {
            throw PolicyErrors.at(policy.getSettings(), "sessionIdleSeconds must be at most "
                    + MAX_SESSION_IDLE.toSeconds() + " but was " + seconds);
        }
        return Duration.ofSeconds(seconds.longValueExact());
    }
}
