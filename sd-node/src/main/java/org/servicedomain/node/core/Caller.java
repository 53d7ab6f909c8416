package org.servicedomain.node.core;

import java.util.List;

/**
 * Who is calling: the user behind a session, with the user level that decides packages, service
 * maps and rules, and the providers designated for that user. Anonymous calls have no session.
 *
 * @param designated the providers designated for the user (matched against an instance
 *     attribute by the {@code designated} directive), empty when none
 */
public record Caller(String sessionId, String user, String userLevel, List<String> designated) {

    public static final Caller ANONYMOUS = new Caller(null, null, null, List.of());

    public Caller {
        designated = List.copyOf(designated);
    }

    public boolean isAnonymous() {
        return sessionId == null;
    }
}
