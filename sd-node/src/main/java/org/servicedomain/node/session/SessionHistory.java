package org.servicedomain.node.session;

import java.util.Optional;

/** Which instance last served a session on a virtual port: what transaction-history selection follows. */
public interface SessionHistory {

    /** The instance that served the session's previous request of {@code virtualPort}, if any. */
    Optional<String> lastInstance(String sessionId, String virtualPort);

    /**
     * Whether other nodes share this history (the members of a cluster): a session's first instance must
     * then be one every member picks alike, not a turn of this node's own.
     */
    default boolean shared() {
        return false;
    }

    /** A history that remembers nothing, for nodes and tests without sessions. */
    SessionHistory NONE = (sessionId, virtualPort) -> Optional.empty();
}
