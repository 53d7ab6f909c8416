package org.servicedomain.node.policy;

import java.math.BigInteger;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.policy.v1.Policy;
import org.servicedomain.policy.v1.PortRules;
import org.servicedomain.policy.v1.Recovery;
import org.servicedomain.policy.v1.VirtualPortRules;

/** Turns a validated policy document into a {@link CompiledPolicy}, resolving every directive now. */
public final class PolicyCompiler {

    static final int MAX_RETRIES = 100;
    static final long MAX_TIMEOUT_MS = Duration.ofHours(1).toMillis();

    private final SelectorRegistry selectors;

    public PolicyCompiler(SelectorRegistry selectors) {
        this.selectors = selectors;
    }

    public CompiledPolicy compile(long version, String document, Policy policy) {
        Rules defaults = rules(null, policy.getDefaults(), new Rules("round-robin", RecoveryRule.DEFAULT));
        Map<String, PortPolicy> named = new HashMap<>();
        for (VirtualPortRules port : policy.getVirtualPort()) {
            Rules rules = rules(port.getName(), port, defaults);
            named.put(port.getName(), rules.toPortPolicy(selectors));
        }
        return new CompiledPolicy(version, document, named, port -> defaults.toPortPolicy(selectors));
    }

    private record Rules(String directive, RecoveryRule recovery) {
        PortPolicy toPortPolicy(SelectorRegistry selectors) {
            return new PortPolicy(directive, selectors.create(directive), recovery);
        }
    }

    private Rules rules(String portName, PortRules element, Rules inherited) {
        if (element == null) {
            return inherited;
        }
        String directive = element.getSelection() == null
                ? inherited.directive() : element.getSelection().getDirective().value();
        if (!selectors.names().contains(directive)) {
            throw semantic(portName, "unknown selection directive '" + directive + "'");
        }
        RecoveryRule recovery = inherited.recovery();
        Recovery given = element.getRecovery();
        if (given != null) {
            int retries = given.getRetries() == null
                    ? recovery.retries() : bounded(portName, "retries", given.getRetries(), MAX_RETRIES);
            Duration timeout = given.getTimeoutMs() == null
                    ? recovery.instanceTimeout()
                    : Duration.ofMillis(bounded(portName, "timeoutMs", given.getTimeoutMs(), MAX_TIMEOUT_MS));
            recovery = new RecoveryRule(retries, timeout);
        }
        return new Rules(directive, recovery);
    }

    private static int bounded(String portName, String what, BigInteger value, long max) {
        if (value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw semantic(portName, what + " must be at most " + max + " but was " + value);
        }
        return value.intValueExact();
    }

    private static InvalidPolicyException semantic(String portName, String reason) {
        String where = portName == null ? "defaults" : "virtualPort '" + portName + "'";
        return new InvalidPolicyException(1, 1, where + ": " + reason);
    }
}
