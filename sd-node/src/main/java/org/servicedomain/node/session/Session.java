package org.servicedomain.node.session;

import org.servicedomain.node.core.Caller;

/** A session {@link SessionRegistry#login} opened: its id, a bearer secret, and who holds it. */
public record Session(Caller caller) {

    public Session {
        if (caller.isAnonymous()) {
            throw new IllegalArgumentException("a session belongs to a user");
        }
    }

    /** The id a client sends in the {@code session} SOAP header. */
    public String id() {
        return caller.sessionId();
    }

    public String userLevel() {
        return caller.userLevel();
    }

    /** Never shows the id, so that a log line cannot leak it. */
    @Override
    public String toString() {
        return "Session[user=" + caller.user() + ", userLevel=" + caller.userLevel() + "]";
    }
}
