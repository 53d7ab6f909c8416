package org.servicedomain.node.cluster;

import java.io.IOException;

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
}
