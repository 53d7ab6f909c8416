package org.servicedomain.node.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.apache.jute.BinaryOutputArchive;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.MultiOperationRecord;
import org.apache.zookeeper.OpResult;

/**
 * The whole domain a {@code cluster-import} writes, as the operations of one ZooKeeper transaction, so
 * that the cluster holds all of it or none of it; and the size of that request, which ZooKeeper refuses
 * (and drops the connection) when it exceeds its {@code jute.maxbuffer}, so the import checks it first.
 */
final class ImportTransaction {

    /** The request header and length prefix around the operations, rounded up. */
    private static final int FRAMING_BYTES = 64;

    private final CuratorFramework client;
    private final List<CuratorOp> ops = new ArrayList<>();

    ImportTransaction(CuratorFramework client) {
        this.client = client;
    }

    /** Creates {@code path} with no data, unless it exists already (a parent the stores need). */
    ImportTransaction parent(String path) throws Exception {
        if (client.checkExists().forPath(path) == null) {
            create(path, new byte[0]);
        }
        return this;
    }

    /** Creates {@code path} holding {@code data}; the transaction fails if it exists by then. */
    ImportTransaction create(String path, byte[] data) {
        ops.add(op(() -> client.transactionOp().create().forPath(path, data)));
        return this;
    }

    /** Sets {@code path} to {@code data} if it still has {@code version}. */
    ImportTransaction setData(String path, byte[] data, int version) {
        ops.add(op(() -> client.transactionOp().setData().withVersion(version).forPath(path, data)));
        return this;
    }

    /** Adds {@code more}, built on this client, in order. */
    ImportTransaction addAll(List<CuratorOp> more) {
        ops.addAll(more);
        return this;
    }

    List<CuratorOp> ops() {
        return List.copyOf(ops);
    }

    /** The bytes of the request that carries the transaction: the operations as ZooKeeper serializes them, with ACLs. */
    long requestBytes() throws IOException {
        MultiOperationRecord record = new MultiOperationRecord(ops.stream().map(CuratorOp::get).toList());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        record.serialize(BinaryOutputArchive.getArchive(out), "request");
        return out.size() + FRAMING_BYTES;
    }

    /** Commits every operation at once; ZooKeeper applies all or none. */
    void commit() throws Exception {
        client.transaction().forOperations(ops);
    }

    /**
     * The path of the operation ZooKeeper refused in the transaction that failed with {@code e} (the others
     * report only that they were rolled back), or null when it does not say.
     */
    String refusedPath(KeeperException e) {
        List<OpResult> results = e.getResults();
        if (results == null) {
            return e.getPath();
        }
        for (int i = 0; i < results.size() && i < ops.size(); i++) {
            if (results.get(i) instanceof OpResult.ErrorResult error && error.getErr() != KeeperException.Code.OK.intValue()
                    && error.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
                return ops.get(i).getTypeAndPath().getForPath();
            }
        }
        return e.getPath();
    }

    /** Builds an operation; Curator declares Exception, but building one does no I/O. */
    private static CuratorOp op(Callable<CuratorOp> build) {
        try {
            return build.call();
        } catch (Exception e) {
            throw new IllegalStateException("could not build a ZooKeeper transaction operation", e);
        }
    }
}
