package org.servicedomain.node.policy;

import java.net.InetAddress;
import java.util.List;
import java.util.function.BiPredicate;
import org.servicedomain.node.network.Networks;

/**
 * The policy's discovery rule, compiled: which announced providers the node registers, and in
 * which supplier level. {@link #NONE} admits nobody.
 *
 * @param admissions tried in order; the first that admits a Hello decides its supplier level
 * @param maxHellosPerSecond how many Hellos the node takes in per second at most
 */
public record DiscoveryRule(List<Admission> admissions, int maxHellosPerSecond) {

    public static final int DEFAULT_MAX_HELLOS_PER_SECOND = 20;

    /** The rule of a policy without a discovery element: nothing is registered from discovery. */
    public static final DiscoveryRule NONE = new DiscoveryRule(List.of(), DEFAULT_MAX_HELLOS_PER_SECOND);

    public DiscoveryRule {
        admissions = List.copyOf(admissions);
    }

    /**
     * One {@code admit} element.
     *
     * @param scope the scope one of the Hello's scopes must match, or null for any Hello
     * @param networks where the Hello must come from
     * @param supplierLevel the level of the instances registered, or null for none
     */
    public record Admission(String scope, Networks networks, String supplierLevel) {
    }

    /**
     * The admission that takes a Hello from {@code source} with {@code scopes}, or null; whether a
     * rule's scope matches one of the Hello's is {@code scopeMatch} (probe scope, target scope).
     */
    public Admission admit(InetAddress source, List<String> scopes, BiPredicate<String, String> scopeMatch) {
        for (Admission admission : admissions) {
            if (admission.networks().contains(source)
                    && (admission.scope() == null || scopes.stream().anyMatch(s -> scopeMatch.test(admission.scope(), s)))) {
                return admission;
            }
        }
        return null;
    }
}
