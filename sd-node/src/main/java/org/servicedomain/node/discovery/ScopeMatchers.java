package org.servicedomain.node.discovery;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The scope-matching rules the node knows, by the last segment of their {@code MatchBy} URI in
 * either version's namespace; {@code rfc2396} (2005/04's older name) is read as {@code rfc3986}, and
 * {@code ldap} (defined by 2005/04 only) is honoured in the 1.1 namespace too.
 */
public final class ScopeMatchers {

    private static final ScopeMatcher RFC3986 = new Rfc3986ScopeMatcher();
    private static final Map<String, ScopeMatcher> BY_NAME = Map.of(
            Rfc3986ScopeMatcher.NAME, RFC3986,
            "rfc2396", RFC3986,
            Strcmp0ScopeMatcher.NAME, new Strcmp0ScopeMatcher(),
            UuidScopeMatcher.NAME, new UuidScopeMatcher(),
            NoneScopeMatcher.NAME, new NoneScopeMatcher(),
            LdapScopeMatcher.NAME, new LdapScopeMatcher());
    /** The names a fault lists as supported, in the order of the specification's table. */
    private static final List<String> LISTED = List.of(Rfc3986ScopeMatcher.NAME, "rfc2396", UuidScopeMatcher.NAME,
            LdapScopeMatcher.NAME, Strcmp0ScopeMatcher.NAME, NoneScopeMatcher.NAME);

    private ScopeMatchers() {
    }

    /** The default rule, RFC 3986 prefix matching by path segment. */
    public static ScopeMatcher rfc3986() {
        return RFC3986;
    }

    /** The rule {@code matchBy} names (null: the default), or empty when the node does not know it. */
    public static Optional<ScopeMatcher> of(String matchBy) {
        if (matchBy == null || matchBy.isBlank()) {
            return Optional.of(RFC3986);
        }
        for (DiscoveryVersion version : DiscoveryVersion.values()) {
            String prefix = version.namespace() + "/";
            if (matchBy.trim().startsWith(prefix)) {
                return Optional.ofNullable(BY_NAME.get(matchBy.trim().substring(prefix.length())));
            }
        }
        return Optional.empty();
    }

    /** The URIs of the rules the node knows, in {@code version}'s namespace, for a MatchingRuleNotSupported fault. */
    public static List<String> supported(DiscoveryVersion version) {
        return LISTED.stream().map(name -> version.namespace() + "/" + name).toList();
    }

    /** Whether {@code matcher} is the {@code none} rule. */
    static boolean isNone(ScopeMatcher matcher) {
        return matcher instanceof NoneScopeMatcher;
    }
}
