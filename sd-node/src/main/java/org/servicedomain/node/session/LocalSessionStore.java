package org.servicedomain.node.session;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The sessions of a node of its own: held in memory only, saved with the node's status
 * ({@link SavedSessions}); nothing to share, so every call does nothing.
 */
public final class LocalSessionStore implements SessionStore {

    public static final LocalSessionStore INSTANCE = new LocalSessionStore();

    private LocalSessionStore() {
    }

    @Override
    public String idPrefix() {
        return "";
    }

    @Override
    public Duration useDelay() {
        return Duration.ZERO;
    }

    @Override
    public void opened(SharedSession session) {
    }

    @Override
    public void used(SharedSession session) {
    }

    @Override
    public void ended(String sessionId) {
    }

    @Override
    public CompletableFuture<Optional<SharedSession>> find(String sessionId) {
        return CompletableFuture.completedFuture(Optional.empty());
    }

    @Override
    public void listen(Listener listener) {
    }

    @Override
    public boolean savedWithStatus() {
        return true;
    }
}
