package org.servicedomain.node.cluster;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.UnaryOperator;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.domain.DomainInfo;
import org.servicedomain.node.domain.DomainInfoJson;
import org.servicedomain.node.domain.DomainInfoStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The domain information of a cluster (docs/cluster.md): one persistent znode {@value #DOMAIN} holding
 * it as JSON. Every member serves it from a {@link CuratorCache}; a change reads the znode with its
 * version, applies itself and writes over that version, so when two members change it at once the
 * later write is refused and made again over the winner's value: no change is lost.
 */
public final class ZooKeeperDomainInfoStore implements DomainInfoStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperDomainInfoStore.class);
    static final String DOMAIN = "/domain";
    /** How often a change is made again over another member's before it gives up. */
    private static final int ATTEMPTS = 10;

    /** The value as heard, with the zxid of its last change, so a late event never replaces a newer value. */
    private record Held(DomainInfo info, long changed) {
    }

    private final ClusterConnection connection;
    private final CuratorFramework client;
    private final CuratorCache cache;
    private final AtomicReference<Held> held = new AtomicReference<>(new Held(DomainInfo.NONE, -1));

    /** Reads the cluster's domain information before returning. */
    public ZooKeeperDomainInfoStore(ClusterConnection connection) throws IOException {
        this.connection = connection;
        this.client = connection.client();
        this.cache = CuratorCache.build(client, DOMAIN, CuratorCache.Options.SINGLE_NODE_CACHE);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, after) -> heard(after))
                .forDeletes(gone -> take(DomainInfo.NONE, gone.getStat() == null ? held.get().changed() : gone.getStat().getMzxid()))
                .build());
        CacheStart.await(cache, "the domain information");
    }

    @Override
    public DomainInfo current() {
        return held.get().info();
    }

    @Override
    public DomainInfo update(UnaryOperator<DomainInfo> change) throws IOException {
        connection.requireQuorum();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            Stat read = new Stat();
            byte[] data = read(read);
            DomainInfo next = change.apply(data == null ? DomainInfo.NONE : DomainInfoJson.read(data));
            byte[] written = ZnodeLimit.check(DomainInfoJson.write(next), "the domain information");
            try {
                Stat stat = new Stat();
                if (data == null) {
                    client.create().storingStatIn(stat).forPath(DOMAIN, written);
                } else {
                    stat = client.setData().withVersion(read.getVersion()).forPath(DOMAIN, written);
                }
                take(next, stat.getMzxid());
                return next;
            } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException
                    | KeeperException.NoNodeException raced) {
                LOG.debug("another member changed the domain information first; changing it again over theirs", raced);
            } catch (Exception e) {
                throw ZooKeeperFailure.ofChange(connection, "change the domain information", e);
            }
        }
        throw new IOException("the domain information changed " + ATTEMPTS + " times under this change; try again");
    }

    /** The znode's data, its stat stored in {@code stat}; null when there is no znode yet. */
    private byte[] read(Stat stat) throws IOException {
        try {
            return client.getData().storingStatIn(stat).forPath(DOMAIN);
        } catch (KeeperException.NoNodeException e) {
            return null;
        } catch (Exception e) {
            throw ZooKeeperFailure.ofChange(connection, "read the domain information", e);
        }
    }

    private void heard(ChildData data) {
        if (!DOMAIN.equals(data.getPath()) || data.getStat() == null) {
            return;
        }
        try {
            take(DomainInfoJson.read(data.getData()), data.getStat().getMzxid());
        } catch (IOException e) {
            LOG.warn("the domain information in ZooKeeper is not readable; this member keeps what it had", e);
        }
    }

    private void take(DomainInfo info, long changed) {
        held.accumulateAndGet(new Held(info, changed), (known, now) -> now.changed() >= known.changed() ? now : known);
    }

    @Override
    public void close() {
        cache.close();
    }
}
