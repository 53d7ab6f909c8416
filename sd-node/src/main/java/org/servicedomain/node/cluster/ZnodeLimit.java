package org.servicedomain.node.cluster;

import java.io.IOException;

/** ZooKeeper's limit on one znode's data (jute.maxbuffer, 1 MiB by default), checked before a write. */
final class ZnodeLimit {

    /** A little under 1 MiB, leaving room for the request's own framing. */
    static final int MAX_BYTES = 1024 * 1024 - 4 * 1024;

    private ZnodeLimit() {
    }

    /** {@code data} if it fits in one znode; else an IOException saying what and by how much. */
    static byte[] check(byte[] data, String what) throws IOException {
        if (data.length > MAX_BYTES) {
            throw new IOException(what + " is " + data.length + " bytes, more than the " + MAX_BYTES
                    + " one ZooKeeper znode holds; the cluster cannot keep it (docs/cluster.md)");
        }
        return data;
    }
}
