package org.servicedomain.node.discovery;

/** Scopes match when they are the same string, case and all. */
final class Strcmp0ScopeMatcher implements ScopeMatcher {

    static final String NAME = "strcmp0";

    @Override
    public boolean matches(String probeScope, String targetScope) {
        return probeScope.equals(targetScope);
    }
}
