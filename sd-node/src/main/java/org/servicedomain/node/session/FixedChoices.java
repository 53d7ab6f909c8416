package org.servicedomain.node.session;

/**
 * Which instance each user is fixed to, per virtual port: what the {@code fixed} directive reads and
 * writes. Implementations are safe for concurrent calls and read without a global lock.
 */
public interface FixedChoices {

    /** The id of the instance {@code user} is fixed to on {@code virtualPort}, or null when none is. */
    String chosen(String user, String virtualPort);

    /** Fixes {@code user} to {@code instanceId} on {@code virtualPort}, replacing an earlier choice. */
    void choose(String user, String virtualPort, String instanceId);

    /** Remembers nothing, for nodes and tests without users: every call is a first choice. */
    FixedChoices NONE = new FixedChoices() {
        @Override
        public String chosen(String user, String virtualPort) {
            return null;
        }

        @Override
        public void choose(String user, String virtualPort, String instanceId) {
        }
    };
}
