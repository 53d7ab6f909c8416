package org.servicedomain.node.session;

import java.util.List;

/**
 * Which instances each user is fixed to, per virtual port: what the {@code fixed} directive reads and
 * writes. A user keeps a short list per port, most recent choice first, so that rules of one port
 * whose candidates differ (other supplier levels) each find the user's instance among theirs instead
 * of overwriting one another's choice. Implementations are safe for concurrent calls and read
 * without a global lock.
 */
public interface FixedChoices {

    /** The most instances kept per user and virtual port; choosing one more drops the oldest. */
    int MAX_PER_PORT = 4;

    /** The ids of the instances {@code user} is fixed to on {@code virtualPort}, most recent first; empty when none. */
    List<String> chosen(String user, String virtualPort);

    /**
     * Fixes {@code user} to {@code instanceId} on {@code virtualPort} ahead of the earlier choices,
     * keeping at most {@link #MAX_PER_PORT}.
     */
    void choose(String user, String virtualPort, String instanceId);

    /** Remembers nothing, for nodes and tests without users: every call is a first choice. */
    FixedChoices NONE = new FixedChoices() {
        @Override
        public List<String> chosen(String user, String virtualPort) {
            return List.of();
        }

        @Override
        public void choose(String user, String virtualPort, String instanceId) {
        }
    };
}
