package org.servicedomain.node.discovery;

/**
 * The {@code none} rule: it matches only targets without scopes, so it has no pair of scopes to
 * compare; {@link ProbeMatching} handles it before asking.
 */
final class NoneScopeMatcher implements ScopeMatcher {

    static final String NAME = "none";

    @Override
    public boolean matches(String probeScope, String targetScope) {
        return false;
    }
}
