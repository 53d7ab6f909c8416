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
 * {@code children.json} (with the children's secrets), written with the version last read so that a
 * change another member made meanwhile is never overwritten. A {@link CuratorCache} tells the member
 * of every change another member makes.
 */
public final class ZooKeeperChildStore implements ChildStore, AutoCloseable {

    static final String CHILDREN = "/children";

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final CuratorCache cache;
    private final ObjectMapper json = new ObjectMapper();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    /** The version of {@value #CHILDREN} this member last read or wrote; -1 before it exists. */
    private volatile int version = -1;

    public ZooKeeperChildStore(ClusterConnection connection) {
        this.client = connection.client();
        this.connection = connection;
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
        return json.readValue(data, new TypeReference<List<ChildNode>>() { });
    }

    @Override
    public synchronized void save(List<ChildNode> children) throws IOException {
        connection.requireQuorum();
        byte[] data = ZnodeLimit.check(json.writeValueAsBytes(children), "the list of child nodes");
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

    @Override
    public void close() {
        cache.close();
    }
}
