package org.servicedomain.node.entry.home;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.servicedomain.node.core.Instance;

/**
 * What a provider declares about its own instances when the policy does not trust such claims: kept
 * apart under {@value #PREFIX}{@code <name>} (the supplier level as {@value #SUPPLIER_LEVEL}), where
 * no selection or access rule looks, until an administrator sets the attribute or level itself.
 */
final class ProviderClaims {

    static final String PREFIX = "sd.claimed.";
    /** The attribute a provider's claimed supplier levels are filed under before {@link #filed} adds the prefix. */
    static final String LEVEL_ATTRIBUTE = "supplierLevel";
    static final String SUPPLIER_LEVEL = PREFIX + LEVEL_ATTRIBUTE;

    private ProviderClaims() {
    }

    /**
     * The attributes to file for a provider's registration: what an administrator set on the instance
     * it replaces (if any), and the provider's declarations as claims, replacing its earlier claims.
     */
    static Map<String, String> filed(Instance existing, Map<String, String> requested) {
        Map<String, String> filed = new LinkedHashMap<>();
        if (existing != null) {
            existing.attributes().forEach((name, value) -> {
                if (!name.startsWith(PREFIX)) {
                    filed.put(name, value);
                }
            });
        }
        requested.forEach((name, value) -> filed.put(PREFIX + name, value));
        return filed;
    }

    /**
     * A provider's attribute and level changes through setServiceInfo, as changes of its claims.
     *
     * @param levels the levels it asked for (empty: none), or null when it asked for no change
     */
    static Map<String, String> changes(Map<String, String> requested, Set<String> levels) {
        if (requested == null && levels == null) {
            return null;
        }
        Map<String, String> claims = new LinkedHashMap<>();
        if (requested != null) {
            requested.forEach((name, value) -> claims.put(name.startsWith(PREFIX) ? name : PREFIX + name, value));
        }
        if (levels != null) {
            claims.put(SUPPLIER_LEVEL, levelClaim(levels));
        }
        return claims;
    }

    /** Levels as one claim's value: their names in order, separated by spaces. */
    static String levelClaim(Set<String> levels) {
        return String.join(" ", new TreeSet<>(levels));
    }
}
