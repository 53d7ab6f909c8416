package org.servicedomain.node.policy;

import java.io.IOException;
import java.util.List;
import java.util.Optional;

/**
 * Where the policies set on a node are kept: the file store under the data directory for one node,
 * ZooKeeper for a cluster. The highest version is the active one.
 */
public interface PolicyStore {

    /** A policy document as it was set, with its version. */
    record StoredPolicy(long version, String document) {
    }

    /** How many versions are kept, the active one included. */
    int KEPT = 10;

    /** Thrown by {@link #save} when another node saved that version first; the caller retries with a newer one. */
    final class VersionTakenException extends IOException {
        private static final long serialVersionUID = 1L;

        public VersionTakenException(long version) {
            super("policy version " + version + " was set elsewhere first");
        }
    }

    Optional<StoredPolicy> latest() throws IOException;

    /** A kept version, or empty when it was never set or is older than the kept ones. */
    Optional<StoredPolicy> find(long version) throws IOException;

    /** The kept versions, oldest first. */
    List<Long> versions() throws IOException;

    /**
     * Saves {@code policy} as the newest version, then drops versions beyond the {@value #KEPT} newest;
     * a shared store throws {@link VersionTakenException} when that version exists already.
     */
    void save(StoredPolicy policy) throws IOException;

    /** Asks to hear each version saved elsewhere (by another member); a store of one node never calls it. */
    default void onChange(Runnable listener) {
    }
}
