package org.servicedomain.node.session;

import java.util.ArrayList;
import java.util.List;

/**
 * Which instances each user is fixed to, per virtual port: what the {@code fixed} directive reads and
 * writes. A user keeps a short list per port, most recent choice first, so that rules of one port
 * whose candidates differ (other supplier levels) each find the user's instance among theirs instead
 * of overwriting one another's choice. Implementations are safe for concurrent calls and read
 * without a global lock: {@link FixedChoiceStore} on a node of its own, the cluster's ZooKeeper store on a
 * member (chosen where the node is composed), so that every member keeps a user on the same instance.
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

    /**
     * Whether other nodes share these choices (the members of a cluster): a user's first choice must then
     * be one every member makes alike, not a turn of this node's own.
     */
    default boolean shared() {
        return false;
    }

    /** Forgets every choice of {@code user}, e.g. when the user is removed. */
    default void forgetUser(String user) {
    }

    /** Forgets the choices of {@code instanceId}, which left the catalog; its users move to their next choice or choose anew. */
    default void forgetInstance(String instanceId) {
    }

    /** Forgets the choices on {@code virtualPort}, which left the catalog. */
    default void forgetPort(String virtualPort) {
    }

    /** {@code instanceId} followed by the earlier choices without it, at most {@link #MAX_PER_PORT} in all. */
    static List<String> withFirst(String instanceId, List<String> earlier) {
        List<String> ids = new ArrayList<>(MAX_PER_PORT);
        ids.add(instanceId);
        for (String id : earlier) {
            if (ids.size() < MAX_PER_PORT && !id.equals(instanceId)) {
                ids.add(id);
            }
        }
        return List.copyOf(ids);
    }

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
