package org.servicedomain.node.cluster;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.servicedomain.node.catalog.CatalogJson;
import org.servicedomain.node.catalog.CatalogStore.StoredCatalog;
import org.servicedomain.node.catalog.CatalogStore.StoredPort;
import org.servicedomain.node.core.Instance;

/**
 * The catalog as one member last saw it in ZooKeeper, with the znode version of every virtual port
 * ({@value #PORTS}/PORT) and instance ({@value #PORTS}/PORT/INSTANCE): what a change is checked
 * against. Immutable; ports and instances in the order they were created.
 */
record CatalogView(Map<String, CatalogView.VersionedPort> ports) {

    static final String CATALOG = "/catalog";
    static final String PORTS = CATALOG + "/ports";

    /** An instance, its znode's version, and its znode's name: its place in the port, then its id. */
    record VersionedInstance(Instance instance, int version, String znode) {

        /** The instance's place in its port: the registration order every member keeps. */
        long place() {
            return Long.parseLong(znode.substring(0, znode.indexOf('-')));
        }
    }

    /** A virtual port, its znode's version and creation (czxid), and its instances by id. */
    record VersionedPort(StoredPort port, int version, long czxid, Map<String, VersionedInstance> instances) {
    }

    static final CatalogView EMPTY = new CatalogView(Map.of());

    CatalogView {
        ports = Collections.unmodifiableMap(new LinkedHashMap<>(ports));
    }

    static String portPath(String port) {
        return PORTS + "/" + znodeName(port);
    }

    static String instancePath(String port, String znode) {
        return portPath(port) + "/" + znode;
    }

    /**
     * The znode name of an instance filed at {@code place} in its port: the place first, so that
     * every member orders instances as they were filed, even those created in one transaction.
     */
    static String instanceZnode(long place, String instanceId) {
        return String.format("%010d-%s", place, znodeName(instanceId));
    }

    /** A name as one path element: port names and instance ids hold no '/', but nothing else guarantees it. */
    private static String znodeName(String name) {
        return URLEncoder.encode(name, StandardCharsets.UTF_8);
    }

    StoredCatalog stored() {
        List<StoredPort> stored = new ArrayList<>();
        List<Instance> instances = new ArrayList<>();
        for (VersionedPort port : ports.values()) {
            stored.add(port.port());
            port.instances().values().forEach(i -> instances.add(i.instance()));
        }
        return new StoredCatalog(stored, instances);
    }

    /**
     * Reads the catalog out of the znodes under {@value #PORTS} (a cache's content), decoding only
     * what {@code decoded} does not already hold at the same version, which it is updated with.
     */
    static CatalogView of(Iterable<ChildData> znodes, Map<String, Decoded> decoded) throws IOException {
        Map<String, ChildData> portNodes = new HashMap<>();
        Map<String, List<ChildData>> instanceNodes = new HashMap<>();
        for (ChildData node : znodes) {
            String path = node.getPath();
            if (!path.startsWith(PORTS + "/")) {
                continue;
            }
            String[] names = path.substring(PORTS.length() + 1).split("/");
            if (names.length == 1) {
                portNodes.put(names[0], node);
            } else if (names.length == 2) {
                instanceNodes.computeIfAbsent(names[0], n -> new ArrayList<>()).add(node);
            }
        }
        Map<String, Decoded> seen = new HashMap<>();
        List<ChildData> portsInOrder = new ArrayList<>(portNodes.values());
        portsInOrder.sort(Comparator.<ChildData>comparingLong(n -> n.getStat().getCzxid()).thenComparing(ChildData::getPath));
        Map<String, VersionedPort> ports = new LinkedHashMap<>();
        for (ChildData portNode : portsInOrder) {
            StoredPort port = (StoredPort) decode(portNode, decoded, seen);
            List<VersionedInstance> children = new ArrayList<>();
            for (ChildData child : instanceNodes.getOrDefault(portNode.getPath().substring(PORTS.length() + 1), List.of())) {
                String znode = child.getPath().substring(child.getPath().lastIndexOf('/') + 1);
                if (znode.matches("\\d{10}-.+")) {
                    children.add(new VersionedInstance((Instance) decode(child, decoded, seen), child.getStat().getVersion(), znode));
                }
            }
            children.sort(Comparator.comparingLong(VersionedInstance::place));
            Map<String, VersionedInstance> instances = new LinkedHashMap<>();
            children.forEach(child -> instances.put(child.instance().id(), child));
            ports.put(port.name(), new VersionedPort(port, portNode.getStat().getVersion(),
                    portNode.getStat().getCzxid(), instances));
        }
        decoded.clear();
        decoded.putAll(seen);
        return new CatalogView(ports);
    }

    /** A znode's content decoded, with the modification (mzxid) it was decoded at. */
    record Decoded(long mzxid, Object value) {
    }

    private static Object decode(ChildData node, Map<String, Decoded> decoded, Map<String, Decoded> seen)
            throws IOException {
        Decoded known = decoded.get(node.getPath());
        if (known == null || known.mzxid() != node.getStat().getMzxid()) {
            boolean isPort = node.getPath().lastIndexOf('/') == PORTS.length();
            try {
                Object value = isPort ? CatalogJson.readPort(node.getData()) : CatalogJson.readInstance(node.getData());
                known = new Decoded(node.getStat().getMzxid(), value);
            } catch (IOException | RuntimeException e) {
                throw new IOException("the catalog's znode " + node.getPath() + " is not readable: " + e.getMessage(), e);
            }
        }
        seen.put(node.getPath(), known);
        return known.value();
    }
}
