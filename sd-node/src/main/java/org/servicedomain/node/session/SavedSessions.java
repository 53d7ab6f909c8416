package org.servicedomain.node.session;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import org.servicedomain.node.storage.StatusStore;

/**
 * The open sessions as a part of the node's saved status ({@value #FILE}), so that users stay logged
 * in, and their transaction history stays useful, across a restart. The file holds session ids,
 * which are bearer credentials: it is written readable by the node's user only.
 */
public final class SavedSessions implements StatusStore.Part {

    public static final String FILE = "sessions.json";

    private final SessionRegistry sessions;
    private final int maxSessions;
    private final ObjectMapper json = new ObjectMapper();

    /** Saves the sessions of {@code sessions}; reopens at most {@code maxSessions} of them. */
    public SavedSessions(SessionRegistry sessions, int maxSessions) {
        this.sessions = sessions;
        this.maxSessions = maxSessions;
    }

    @Override
    public String fileName() {
        return FILE;
    }

    /** The open sessions in id order, so that an unchanged set gives the same bytes. */
    @Override
    public byte[] snapshot() throws IOException {
        List<SessionRegistry.OpenSession> open = sessions.open().stream()
                .sorted(Comparator.comparing(SessionRegistry.OpenSession::id)).toList();
        return json.writeValueAsBytes(open);
    }

    @Override
    public void restore(byte[] saved) throws IOException {
        List<SessionRegistry.OpenSession> read = json.readValue(saved, new TypeReference<List<SessionRegistry.OpenSession>>() { });
        for (SessionRegistry.OpenSession s : read) {
            if (s == null || s.id() == null || s.user() == null) {
                throw new IOException("a saved session lacks its id or user");
            }
        }
        read.stream().limit(maxSessions).forEach(sessions::reopen);
    }
}
