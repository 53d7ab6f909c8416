package org.servicedomain.node.session;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Where the open sessions live besides this node's memory: nowhere else on a node of its own
 * ({@link LocalSessionStore}; the node saves them with its status), in ZooKeeper on a member of a
 * cluster, so that any member accepts a session any member opened and a logout anywhere ends it
 * everywhere. {@link SessionRegistry} keeps serving from memory; the store only hears of changes.
 */
public interface SessionStore {

    /**
     * A session as the members share it.
     *
     * @param createdMillis when it was opened (epoch milliseconds)
     * @param lastUsedMillis its last use that the store was told of; uses are told at most every {@link #useDelay()}
     */
    record SharedSession(String id, String user, String userLevel, List<String> designated, long createdMillis,
            long lastUsedMillis) {
    }

    /** Hears of sessions other members open, use and end (and may hear of this node's own again). */
    interface Listener {

        void opened(SharedSession session);

        void ended(String sessionId);
    }

    /** What ids of sessions opened here begin with (the member's id and {@code :}); empty on a node of its own. */
    String idPrefix();

    /**
     * How late this node may hear of a use at another member: a session here expires only once it has
     * been idle this much longer than the policy allows, lest a session busy elsewhere end. Zero alone.
     */
    Duration useDelay();

    /** Records a session opened here; an IOException when the store cannot (the session is then not opened). */
    void opened(SharedSession session) throws IOException;

    /** Records a later use, without waiting; a failure is only logged (the use is told again later). */
    void used(SharedSession session);

    /** Records that the session ended; an IOException when the store cannot. */
    void ended(String sessionId) throws IOException;

    /**
     * A session this node does not hold, if the store knows it (e.g. opened at another member a moment
     * ago). Never blocks: requests on the event loops ask; it fails with a {@code NodeFault} when the
     * store cannot tell now.
     */
    CompletableFuture<Optional<SharedSession>> find(String sessionId);

    /** Tells {@code listener} of every session the store holds now, then of every change. */
    void listen(Listener listener);

    /** Whether the node keeps the sessions with its status files (true alone; a cluster keeps them in the store). */
    boolean savedWithStatus();
}
