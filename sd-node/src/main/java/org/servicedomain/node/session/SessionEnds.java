package org.servicedomain.node.session;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Who hears that sessions ended: listeners of every end, and listeners of revocations (ends made on
 * purpose). A failing listener is logged and the others still hear: the sessions have ended anyway.
 */
final class SessionEnds {

    private static final Logger LOG = LoggerFactory.getLogger(SessionEnds.class);

    private final List<SessionListener> listeners = new CopyOnWriteArrayList<>();
    private final List<Runnable> revocationListeners = new CopyOnWriteArrayList<>();

    void addListener(SessionListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    void onRevocation(Runnable listener) {
        revocationListeners.add(Objects.requireNonNull(listener, "listener"));
    }

    void ended(String sessionId) {
        for (SessionListener l : listeners) {
            try {
                l.sessionEnded(sessionId);
            } catch (RuntimeException e) {
                LOG.error("session listener {} failed; the session ended anyway", l, e);
            }
        }
    }

    void revoked() {
        for (Runnable listener : revocationListeners) {
            try {
                listener.run();
            } catch (RuntimeException e) {
                LOG.error("revocation listener {} failed; the sessions ended anyway", listener, e);
            }
        }
    }
}
