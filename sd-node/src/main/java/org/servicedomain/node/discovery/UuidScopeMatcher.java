package org.servicedomain.node.discovery;

import java.util.UUID;

/** Scopes are {@code uuid:} or {@code urn:uuid:} UUIDs and match when they are the same 128-bit number. */
final class UuidScopeMatcher implements ScopeMatcher {

    static final String NAME = "uuid";

    @Override
    public boolean matches(String probeScope, String targetScope) {
        UUID probe = uuid(probeScope);
        return probe != null && probe.equals(uuid(targetScope));
    }

    private static UUID uuid(String scope) {
        String lower = scope.toLowerCase(java.util.Locale.ROOT);
        String text = lower.startsWith("urn:uuid:") ? lower.substring(9) : lower.startsWith("uuid:") ? lower.substring(5) : null;
        if (text == null) {
            return null;
        }
        try {
            return UUID.fromString(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
