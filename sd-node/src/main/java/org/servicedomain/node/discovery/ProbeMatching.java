package org.servicedomain.node.discovery;

import java.util.List;
import javax.xml.namespace.QName;

/**
 * Whether a target answers a Probe: it implements every type the probe names and, for every scope
 * the probe names, has a scope the probe's rule matches. A probe without types or scopes matches
 * everything; an unknown rule matches nothing.
 */
public final class ProbeMatching {

    private ProbeMatching() {
    }

    public static boolean matches(DiscoveryMessage probe, EndpointDescription target) {
        return matches(probe.types(), probe.scopes(), probe.matchBy(), target);
    }

    public static boolean matches(List<QName> types, List<String> scopes, String matchBy, EndpointDescription target) {
        if (!target.types().containsAll(types)) {
            return false;
        }
        ScopeMatcher matcher = ScopeMatchers.of(matchBy).orElse(null);
        if (matcher == null) {
            return false;
        }
        if (ScopeMatchers.isNone(matcher)) {
            return scopes.isEmpty() && target.scopes().isEmpty();
        }
        return scopes.stream().allMatch(s -> target.scopes().stream().anyMatch(t -> matcher.matches(s, t)));
    }
}
