package org.servicedomain.node.cluster;

import java.io.IOException;
import org.apache.zookeeper.KeeperException;

/** A ZooKeeper operation that failed, as the IOException the stores' callers expect. */
final class ZooKeeperFailure {

    private ZooKeeperFailure() {
    }

    static IOException of(String action, Exception cause) {
        if (cause instanceof InterruptedException) {
            Thread.currentThread().interrupt();
        }
        if (cause instanceof IOException io) {
            return io;
        }
        return new IOException("could not " + action + " in ZooKeeper: " + cause, cause);
    }

    /**
     * As {@link #of}, for a change: when it failed because ZooKeeper went out of reach while Curator
     * retried (connection loss, session expired), throws the {@code NoQuorum} fault instead.
     */
    static IOException ofChange(ClusterConnection connection, String action, Exception cause) {
        if (cause instanceof KeeperException.ConnectionLossException
                || cause instanceof KeeperException.SessionExpiredException
                || cause instanceof KeeperException.OperationTimeoutException) {
            throw connection.noQuorum(cause);
        }
        return of(action, cause);
    }
}
