package org.servicedomain.node.cluster;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.transaction.CuratorOp;
import org.servicedomain.node.catalog.CatalogJson;
import org.servicedomain.node.catalog.CatalogStore.StoredCatalog;
import org.servicedomain.node.catalog.CatalogStore.StoredPort;
import org.servicedomain.node.cluster.CatalogView.VersionedInstance;
import org.servicedomain.node.cluster.CatalogView.VersionedPort;
import org.servicedomain.node.core.Instance;

/**
 * One ZooKeeper transaction that takes the cluster's catalog from the view a member last read
 * towards the catalog it wants. Every znode it changes is checked against the version in the view
 * (created, set or deleted with that version), and every virtual port whose instances it touches is
 * written last with its version too, so two members changing one port at once cannot both succeed;
 * changes to different ports do not meet. A member's change too large for one transaction is made in
 * several: {@link #next} gives them one by one; an import is always one ({@link #whole}).
 *
 * @param ops the operations, in order: instances, then their ports
 * @param ports the virtual ports written (created, set or deleted), by path
 * @param written every znode written, by path, with the version it has once the transaction is
 *     committed; -1 for a deleted one
 * @param after the view once the transaction is committed (versions as ZooKeeper will give them)
 */
record CatalogTransaction(List<CuratorOp> ops, Set<String> ports, Map<String, Integer> written, CatalogView after) {

    /** Operations per transaction, well under what one ZooKeeper request may carry. */
    static final int MAX_OPS = 500;
    /** Bytes of znode data per transaction; a request must stay under ZooKeeper's 1 MiB (jute.maxbuffer). */
    static final int MAX_BYTES = 512 * 1024;

    boolean isEmpty() {
        return ops.isEmpty();
    }

    /** A virtual port and its instances by id, as one catalog holds them. */
    record PortState(StoredPort port, Map<String, Instance> instances) {
    }

    static Map<String, PortState> byPort(StoredCatalog catalog) {
        Map<String, PortState> ports = new LinkedHashMap<>();
        for (StoredPort port : catalog.ports()) {
            ports.put(port.name(), new PortState(port, new LinkedHashMap<>()));
        }
        for (Instance instance : catalog.instances()) {
            ports.get(instance.virtualPort()).instances().put(instance.id(), instance);
        }
        return ports;
    }

    static PortState state(VersionedPort port) {
        Map<String, Instance> instances = new LinkedHashMap<>();
        port.instances().forEach((id, versioned) -> instances.put(id, versioned.instance()));
        return new PortState(port.port(), instances);
    }

    /** The names of the virtual ports whose state differs between {@code before} and {@code after}. */
    static Set<String> changedPorts(Map<String, PortState> before, Map<String, PortState> after) {
        Set<String> changed = new java.util.LinkedHashSet<>();
        after.forEach((name, state) -> {
            if (!state.equals(before.get(name))) {
                changed.add(name);
            }
        });
        before.keySet().stream().filter(name -> !after.containsKey(name)).forEach(changed::add);
        return changed;
    }

    /**
     * The first transaction still needed to take the ports named in {@code only} (all, when null)
     * from {@code view} to {@code wanted}; empty when none is.
     */
    static CatalogTransaction next(CuratorFramework client, CatalogView view, Map<String, PortState> wanted,
            Set<String> only) throws IOException {
        Builder builder = new Builder(client, view, MAX_OPS, MAX_BYTES);
        for (PortState port : wanted.values()) {
            if (builder.full()) {
                break;
            }
            if (only == null || only.contains(port.port().name())) {
                builder.keep(port.port(), port.instances());
            }
        }
        for (VersionedPort port : view.ports().values()) {
            if (builder.full()) {
                break;
            }
            String name = port.port().name();
            if (!wanted.containsKey(name) && (only == null || only.contains(name))) {
                builder.remove(port);
            }
        }
        return builder.build();
    }

    /**
     * The one transaction that creates all of {@code wanted} in a cluster without a catalog, however large
     * (cluster-import, which checks the request's size against ZooKeeper's limit itself).
     */
    static CatalogTransaction whole(CuratorFramework client, Map<String, PortState> wanted) throws IOException {
        Builder builder = new Builder(client, CatalogView.EMPTY, Integer.MAX_VALUE, Integer.MAX_VALUE);
        for (PortState port : wanted.values()) {
            builder.keep(port.port(), port.instances());
        }
        return builder.build();
    }

    private static final class Builder {
        private final CuratorFramework client;
        private final Map<String, VersionedPort> after;
        private final List<CuratorOp> ops = new ArrayList<>();
        private final Set<String> ports = new java.util.LinkedHashSet<>();
        private final Map<String, Integer> written = new java.util.HashMap<>();
        private final int maxOps;
        private final long maxBytes;
        private long bytes;

        Builder(CuratorFramework client, CatalogView view, int maxOps, long maxBytes) {
            this.client = client;
            this.after = new LinkedHashMap<>(view.ports());
            this.maxOps = maxOps;
            this.maxBytes = maxBytes;
        }

        /** Whether the transaction has no room left (one operation is kept for the port written last). */
        boolean full() {
            return full(0);
        }

        private boolean full(int size) {
            return ops.size() >= maxOps - 1 || (bytes > 0 && bytes + size > maxBytes);
        }

        /** Creates or updates the port and its instances as wanted, as far as this transaction holds. */
        void keep(StoredPort port, Map<String, Instance> instances) throws IOException {
            VersionedPort before = after.get(port.name());
            Map<String, VersionedInstance> known = before == null ? Map.of() : before.instances();
            Map<String, VersionedInstance> now = new LinkedHashMap<>(known);
            long place = known.values().stream().mapToLong(VersionedInstance::place).max().orElse(0);
            int opsBefore = ops.size();
            String portPath = CatalogView.portPath(port.name());
            byte[] portData = ZnodeLimit.check(CatalogJson.writePort(port), "virtual port " + port.name());
            if (before == null) {
                add(create(portPath, portData), portData.length);
            }
            for (Instance instance : instances.values()) {
                VersionedInstance existing = known.get(instance.id());
                if (existing != null && existing.instance().equals(instance)) {
                    continue;
                }
                byte[] data = ZnodeLimit.check(CatalogJson.writeInstance(instance), "instance " + instance.id());
                if (full(data.length)) {
                    break;
                }
                if (existing == null) {
                    String znode = CatalogView.instanceZnode(++place, instance.id());
                    add(create(CatalogView.instancePath(port.name(), znode), data), data.length);
                    now.put(instance.id(), new VersionedInstance(instance, 0, znode));
                } else {
                    add(setData(CatalogView.instancePath(port.name(), existing.znode()), data, existing.version()), data.length);
                    now.put(instance.id(), new VersionedInstance(instance, existing.version() + 1, existing.znode()));
                }
            }
            for (VersionedInstance existing : known.values()) {
                if (full()) {
                    break;
                }
                if (!instances.containsKey(existing.instance().id())) {
                    add(delete(CatalogView.instancePath(port.name(), existing.znode()), existing.version()), 0);
                    now.remove(existing.instance().id());
                }
            }
            if (ops.size() == opsBefore && before.port().equals(port)) {
                return;
            }
            int version = before == null ? 0 : before.version();
            add(setData(portPath, portData, version), portData.length);
            after.put(port.name(), new VersionedPort(port, version + 1, before == null ? 0 : before.czxid(), now));
            ports.add(portPath);
        }

        /** Deletes the port and its instances, or as many of them as this transaction holds. */
        void remove(VersionedPort port) throws IOException {
            String name = port.port().name();
            Map<String, VersionedInstance> left = new LinkedHashMap<>(port.instances());
            for (VersionedInstance existing : port.instances().values()) {
                if (full()) {
                    break;
                }
                add(delete(CatalogView.instancePath(name, existing.znode()), existing.version()), 0);
                left.remove(existing.instance().id());
            }
            String portPath = CatalogView.portPath(name);
            ports.add(portPath);
            if (left.isEmpty()) {
                add(delete(portPath, port.version()), 0);
                after.remove(name);
            } else {
                byte[] data = CatalogJson.writePort(port.port());
                add(setData(portPath, data, port.version()), data.length);
                after.put(name, new VersionedPort(port.port(), port.version() + 1, port.czxid(), left));
            }
        }

        private CuratorOp create(String path, byte[] data) {
            written.put(path, 0);
            return op(() -> client.transactionOp().create().forPath(path, data));
        }

        private CuratorOp setData(String path, byte[] data, int version) {
            written.put(path, version + 1);
            return op(() -> client.transactionOp().setData().withVersion(version).forPath(path, data));
        }

        private CuratorOp delete(String path, int version) {
            written.put(path, -1);
            return op(() -> client.transactionOp().delete().withVersion(version).forPath(path));
        }

        /** Builds an operation; Curator declares Exception, but building one does no I/O. */
        private static CuratorOp op(java.util.concurrent.Callable<CuratorOp> build) {
            try {
                return build.call();
            } catch (Exception e) {
                throw new IllegalStateException("could not build a ZooKeeper transaction operation", e);
            }
        }

        private void add(CuratorOp op, int size) {
            ops.add(op);
            bytes += size + op.getTypeAndPath().getForPath().length();
        }

        CatalogTransaction build() {
            return new CatalogTransaction(List.copyOf(ops), Set.copyOf(ports), Map.copyOf(written), new CatalogView(after));
        }
    }
}
