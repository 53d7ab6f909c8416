package org.servicedomain.node.discovery;

import java.util.Map;
import java.util.Optional;

/**
 * The scope-matching rules the node knows, by the last segment of their {@code MatchBy} URI in
 * either version's namespace; {@code rfc2396} (2005/04's older name) is read as {@code rfc3986}.
 */
public final class ScopeMatchers {

    private static final ScopeMatcher RFC3986 = new Rfc3986ScopeMatcher();
    private static final Map<String, ScopeMatcher> BY_NAME = Map.of(
            Rfc3986ScopeMatcher.NAME, RFC3986,
            "rfc2396", RFC3986,
            Strcmp0ScopeMatcher.NAME, new Strcmp0ScopeMatcher(),
            UuidScopeMatcher.NAME, new UuidScopeMatcher(),
            NoneScopeMatcher.NAME, new NoneScopeMatcher());

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

    /** Whether {@code matcher} is the {@code none} rule. */
    static boolean isNone(ScopeMatcher matcher) {
        return matcher instanceof NoneScopeMatcher;
    }
}
