package org.servicedomain.node.policy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.servicedomain.node.network.Networks;
import org.servicedomain.policy.v1.Discovery;
import org.servicedomain.policy.v1.DiscoveryAdmit;

/** Compiles a policy's discovery element, refusing bad networks, empty ones and undeclared supplier levels. */
final class DiscoveryCompiler {

    static final int MAX_HELLOS_PER_SECOND = 10_000;

    private DiscoveryCompiler() {
    }

    /** @param supplierLevels the declared supplier levels, or null when the policy declares none */
    static DiscoveryRule rule(Discovery element, Set<String> supplierLevels) {
        if (element == null) {
            return DiscoveryRule.NONE;
        }
        List<DiscoveryRule.Admission> admissions = new ArrayList<>();
        for (DiscoveryAdmit admit : element.getAdmit()) {
            Networks networks;
            try {
                networks = Networks.parse(admit.getNetworks());
            } catch (RuntimeException e) {
                throw PolicyErrors.at(admit, "admit networks: " + e.getMessage());
            }
            if (networks.isEmpty()) {
                throw PolicyErrors.at(admit, "admit needs at least one network (CIDR), e.g. 127.0.0.0/8");
            }
            String level = admit.getSupplierLevel();
            if (level != null && supplierLevels != null && !supplierLevels.contains(level)) {
                throw PolicyErrors.at(admit, "supplier level '" + level + "' is not declared; declared: " + supplierLevels);
            }
            String scope = admit.getScope() == null || admit.getScope().isBlank() ? null : admit.getScope().trim();
            admissions.add(new DiscoveryRule.Admission(scope, networks, level));
        }
        int rate = DiscoveryRule.DEFAULT_MAX_HELLOS_PER_SECOND;
        if (element.getMaxHellosPerSecond() != null) {
            if (element.getMaxHellosPerSecond().longValue() > MAX_HELLOS_PER_SECOND) {
                throw PolicyErrors.at(element, "maxHellosPerSecond must be at most " + MAX_HELLOS_PER_SECOND
                        + " but was " + element.getMaxHellosPerSecond());
            }
            rate = element.getMaxHellosPerSecond().intValue();
        }
        return new DiscoveryRule(admissions, rate);
    }
}
