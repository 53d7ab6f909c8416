package org.servicedomain.node.session;

/**
 * Hears that a session ended — logout, idle expiry, or a change of its user — so that what was
 * kept for it (transaction history) can go. Called on the thread that ended it; must be quick.
 */
@FunctionalInterface
public interface SessionListener {

    void sessionEnded(String sessionId);
}
