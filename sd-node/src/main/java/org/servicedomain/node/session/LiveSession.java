package org.servicedomain.node.session;

import org.servicedomain.node.core.Caller;

/**
 * One session held by this node. Its times are written without a lock by whichever request saw it
 * last, so a reader may see a slightly older use: idle expiry allows for that.
 */
final class LiveSession {

    volatile Caller caller;
    volatile long lastUsedMillis;
    /** When the session was opened, or -1 for one reopened after a restart (not kept). */
    final long createdMillis;
    /** The last use the store was told of. */
    volatile long sharedUsedMillis;
    /** Set while this node ends the session, so that the store's echo of the end does not end it first. */
    volatile boolean ending;

    LiveSession(Caller caller, long lastUsedMillis, long createdMillis) {
        this.caller = caller;
        this.lastUsedMillis = lastUsedMillis;
        this.createdMillis = createdMillis;
    }

    /** A session another member opened or used, as the store told of it; the store already knows its last use. */
    static LiveSession heard(SessionStore.SharedSession shared) {
        LiveSession heard = new LiveSession(new Caller(shared.id(), shared.user(), shared.userLevel(), shared.designated()),
                shared.lastUsedMillis(), shared.createdMillis());
        heard.sharedUsedMillis = shared.lastUsedMillis();
        return heard;
    }

    /** Takes in a later use another member told the store of. */
    void usedElsewhere(long usedMillis) {
        if (lastUsedMillis < usedMillis) {
            lastUsedMillis = usedMillis;
        }
        if (sharedUsedMillis < usedMillis) {
            sharedUsedMillis = usedMillis;
        }
    }

    /** This session as the store keeps it, under {@code id}. */
    SessionStore.SharedSession shared(String id) {
        Caller now = caller;
        return new SessionStore.SharedSession(id, now.user(), now.userLevel(), now.designated(), createdMillis, lastUsedMillis);
    }
}
