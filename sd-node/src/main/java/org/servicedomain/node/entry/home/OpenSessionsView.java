package org.servicedomain.node.entry.home;

import java.time.Instant;
import java.util.Comparator;
import org.servicedomain.home.v1.GetSessionsResponse;
import org.servicedomain.home.v1.OpenSessionInfo;
import org.servicedomain.node.session.SessionRegistry;

/**
 * How the home port's getSessions shows the node's open sessions: never a whole session id, only
 * enough of it to tell sessions apart, since an id is the bearer's credential.
 */
final class OpenSessionsView {

    /** How many characters of a session id administrators see. */
    static final int ID_PREFIX_LENGTH = 8;

    private OpenSessionsView() {
    }

    /**
     * The first {@value #ID_PREFIX_LENGTH} characters of the secret part of {@code id}, after the
     * creating member's id ({@code node-1a2b3c4d:}) when a cluster member opened it.
     */
    static String idPrefix(String id) {
        int secret = id.indexOf(':') + 1;
        return id.substring(0, Math.min(secret + ID_PREFIX_LENGTH, id.length()));
    }

    /** The open sessions, oldest use first; {@code ownId} (may be null) marks the caller's own. */
    static GetSessionsResponse of(SessionRegistry sessions, String ownId) {
        GetSessionsResponse response = new GetSessionsResponse();
        sessions.described().stream().sorted(Comparator.comparingLong(SessionRegistry.Described::lastUsedMillis))
                .forEach(s -> {
                    OpenSessionInfo info = new OpenSessionInfo();
                    info.setIdPrefix(idPrefix(s.id()));
                    info.setUser(s.user());
                    info.setUserLevel(s.userLevel());
                    if (s.createdMillis() >= 0) {
                        info.setCreatedAt(StatisticsView.time(Instant.ofEpochMilli(s.createdMillis())));
                    }
                    info.setLastUsedAt(StatisticsView.time(Instant.ofEpochMilli(s.lastUsedMillis())));
                    info.setOwn(s.id().equals(ownId));
                    response.getSession().add(info);
                });
        return response;
    }
}
