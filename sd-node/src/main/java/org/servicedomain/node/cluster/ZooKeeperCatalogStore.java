package org.servicedomain.node.cluster;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.catalog.CatalogJson;
import org.servicedomain.node.catalog.CatalogStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's catalog: one znode {@value #CATALOG} holding the catalog's JSON, written with the
 * version last read so that a change made meanwhile by another member is never overwritten, and
 * {@value #WSDL}/DIGEST per cached WSDL. A {@link CuratorCache} tells the node of every change
 * another member makes.
 */
public final class ZooKeeperCatalogStore implements CatalogStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperCatalogStore.class);
    static final String CATALOG = "/catalog";
    static final String WSDL = "/wsdl";

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final CuratorCache cache;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    /** The version of {@value #CATALOG} this node last read or wrote; -1 before it exists. */
    private volatile int version = -1;

    public ZooKeeperCatalogStore(ClusterConnection connection) {
        this.client = connection.client();
        this.connection = connection;
        this.cache = CuratorCache.build(client, CATALOG, CuratorCache.Options.SINGLE_NODE_CACHE);
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
    public synchronized StoredCatalog load() throws IOException {
        Stat stat = new Stat();
        byte[] data;
        try {
            data = client.getData().storingStatIn(stat).forPath(CATALOG);
        } catch (KeeperException.NoNodeException e) {
            version = -1;
            return new StoredCatalog(List.of(), List.of());
        } catch (Exception e) {
            throw ZooKeeperFailure.of("read the catalog", e);
        }
        version = stat.getVersion();
        return CatalogJson.read(data);
    }

    @Override
    public synchronized void save(StoredCatalog catalog) throws IOException {
        connection.requireQuorum();
        byte[] data = ZnodeLimit.check(CatalogJson.write(catalog), "the catalog");
        try {
            if (version < 0) {
                client.create().creatingParentsIfNeeded().forPath(CATALOG, data);
                version = 0;
            } else {
                version = client.setData().withVersion(version).forPath(CATALOG, data).getVersion();
            }
        } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException e) {
            throw new StaleCatalogException();
        } catch (Exception e) {
            throw ZooKeeperFailure.of("save the catalog", e);
        }
    }

    @Override
    public void saveWsdl(String digest, byte[] wsdl) throws IOException {
        connection.requireQuorum();
        String path = wsdlPath(digest);
        ZnodeLimit.check(wsdl, "the WSDL " + digest);
        try {
            if (client.checkExists().forPath(path) == null) {
                client.create().creatingParentsIfNeeded().forPath(path, wsdl);
            }
        } catch (KeeperException.NodeExistsException e) {
            LOG.debug("another member cached the WSDL {} first; same digest, same bytes", digest, e);
        } catch (Exception e) {
            throw ZooKeeperFailure.of("save the WSDL " + digest, e);
        }
    }

    @Override
    public byte[] loadWsdl(String digest) throws IOException {
        try {
            return client.getData().forPath(wsdlPath(digest));
        } catch (Exception e) {
            throw ZooKeeperFailure.of("read the WSDL " + digest, e);
        }
    }

    /**
     * Keeps every WSDL: another member may be registering with one that no catalog names yet, and
     * deleting it under that member would lose its registration's WSDL (docs/cluster.md).
     */
    @Override
    public void deleteWsdlsExcept(java.util.Set<String> kept) {
    }

    private static String wsdlPath(String digest) {
        if (!digest.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a WSDL digest: " + digest);
        }
        return WSDL + "/" + digest;
    }

    @Override
    public void close() {
        cache.close();
    }
}
