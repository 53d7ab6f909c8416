package org.servicedomain.node.cluster;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.ChildStore;

/**
 * The cluster's child nodes: one znode {@value #CHILDREN} holding the list a node of its own keeps in
 * {@code children.json}, written with the version last read so that a change another member made
 * meanwhile is never overwritten. The children's secrets, which sign the calls to them and so must be
 * recovered, are sealed under the members' credential ({@link CredentialSeal}); a secret an earlier
 * release kept in clear is read as it is and sealed at the next save. A {@link CuratorCache} tells the
 * member of every change another member makes.
 */
public final class ZooKeeperChildStore implements ChildStore, AutoCloseable {

    static final String CHILDREN = "/children";

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final CuratorCache cache;
    private final CredentialSeal seal;
    private final ObjectMapper json = new ObjectMapper();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    /** The version of {@value #CHILDREN} this member last read or wrote; -1 before it exists. */
    private volatile int version = -1;

    public ZooKeeperChildStore(ClusterConnection connection) {
        this.client = connection.client();
        this.connection = connection;
        this.seal = new CredentialSeal(connection.config().credential(), "child secrets");
        this.cache = CuratorCache.build(client, CHILDREN, CuratorCache.Options.SINGLE_NODE_CACHE);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forChanges((before, after) -> changed(after.getStat().getVersion()))
                .forCreates(created -> changed(created.getStat().getVersion()))
                .build());
        cache.start();
    }

    private void changed(int seen) {
        if (seen != version) {
            listeners.forEach(Runnable::run);
        }
    }

    @Override
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public synchronized List<ChildNode> load() throws IOException {
        Stat stat = new Stat();
        byte[] data;
        try {
            data = client.getData().storingStatIn(stat).forPath(CHILDREN);
        } catch (KeeperException.NoNodeException e) {
            version = -1;
            return List.of();
        } catch (Exception e) {
            throw ZooKeeperFailure.of("read the child nodes", e);
        }
        version = stat.getVersion();
        List<ChildNode> stored = json.readValue(data, new TypeReference<List<ChildNode>>() { });
        try {
            return stored.stream().map(child -> withSecret(child, child.secret() == null ? null : seal.open(child.secret()))).toList();
        } catch (IllegalArgumentException e) {
            throw new IOException("the child nodes' secrets are not sealed under this member's --cluster-auth credential", e);
        }
    }

    @Override
    public synchronized void save(List<ChildNode> children) throws IOException {
        connection.requireQuorum();
        List<ChildNode> sealed = children.stream()
                .map(child -> withSecret(child, child.secret() == null ? null : seal.seal(child.secret()))).toList();
        byte[] data = ZnodeLimit.check(json.writeValueAsBytes(sealed), "the list of child nodes");
        try {
            if (version < 0) {
                client.create().creatingParentsIfNeeded().forPath(CHILDREN, data);
                version = 0;
            } else {
                version = client.setData().withVersion(version).forPath(CHILDREN, data).getVersion();
            }
        } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException e) {
            throw new StaleChildrenException();
        } catch (Exception e) {
            throw ZooKeeperFailure.ofChange(connection, "save the child nodes", e);
        }
    }

    /** {@code children} as {@value #CHILDREN} holds them in {@code config}'s cluster, secrets sealed (cluster-import). */
    static byte[] imported(ClusterConfig config, List<ChildNode> children) throws IOException {
        CredentialSeal seal = new CredentialSeal(config.credential(), "child secrets");
        List<ChildNode> sealed = children.stream()
                .map(child -> withSecret(child, child.secret() == null ? null : seal.seal(child.secret()))).toList();
        return ZnodeLimit.check(new ObjectMapper().writeValueAsBytes(sealed), "the list of child nodes");
    }

    private static ChildNode withSecret(ChildNode child, String secret) {
        return new ChildNode(child.address(), child.name(), secret, child.nodeId(), child.terms());
    }

    @Override
    public void close() {
        cache.close();
    }
}
