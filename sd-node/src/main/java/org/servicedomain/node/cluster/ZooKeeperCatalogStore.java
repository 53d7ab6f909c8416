package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.core.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's catalog: one znode per virtual port ({@value CatalogView#PORTS}/PORT) with one child
 * per instance, and {@value #WSDL}/DIGEST per cached WSDL (docs/cluster.md). A save writes only the
 * znodes that changed, in one transaction checked against the versions this member last read
 * ({@link CatalogTransaction}), so a change made meanwhile by another member is never overwritten.
 * A {@link CuratorCache} holds the catalog's znodes and fetches only those that change; the node
 * hears of changes at most one notification at a time, however many znodes a change touched.
 */
public final class ZooKeeperCatalogStore implements CatalogStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperCatalogStore.class);
    static final String WSDL = "/wsdl";
    /** How long loading waits for the cache's first full read (10,000 instances take a few seconds). */
    static final Duration LOAD_TIMEOUT = Duration.ofSeconds(60);
    /** How long a save waits for the cache to show what was just written or what made it stale. */
    static final Duration CACHE_WAIT = Duration.ofSeconds(5);

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final CuratorCache cache;
    private final CountDownLatch initialized = new CountDownLatch(1);
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ExecutorService notifier = Executors.newSingleThreadExecutor(DaemonThreads.named("sd-catalog-changes"));
    private final AtomicBoolean notificationPending = new AtomicBoolean();
    /** Notified at every cache event, for saves waiting to see the cache catch up. */
    private final Object cacheEvents = new Object();
    private final Map<String, CatalogView.Decoded> decoded = new HashMap<>();
    /** The catalog as this member's snapshot last saw it: what the next save is checked against. */
    private CatalogView view = CatalogView.EMPTY;
    private boolean layoutChecked;

    public ZooKeeperCatalogStore(ClusterConnection connection) {
        this.client = connection.client();
        this.connection = connection;
        this.cache = CuratorCache.build(client, CatalogView.PORTS);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forInitialized(initialized::countDown)
                .forAll((type, before, after) -> changed())
                .build());
        cache.start();
    }

    private void changed() {
        synchronized (cacheEvents) {
            cacheEvents.notifyAll();
        }
        if (initialized.getCount() == 0 && notificationPending.compareAndSet(false, true)) {
            notifier.execute(() -> {
                notificationPending.set(false);
                listeners.forEach(Runnable::run);
            });
        }
    }

    @Override
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    /** The catalog as this member's cache holds it; at the first load, once the cache has read it all. */
    @Override
    public synchronized StoredCatalog load() throws IOException {
        awaitInitialized();
        view = CatalogView.of(cache.stream()::iterator, decoded);
        return view.stored();
    }

    private void awaitInitialized() throws IOException {
        try {
            if (!initialized.await(LOAD_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IOException("the cluster's catalog could not be read from ZooKeeper within "
                        + LOAD_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while reading the cluster's catalog", e);
        }
        if (!layoutChecked) {
            refuseSingleZnodeLayout();
            layoutChecked = true;
        }
    }

    /** A cluster written by a member that kept the whole catalog in {@value CatalogView#CATALOG}'s data. */
    private void refuseSingleZnodeLayout() throws IOException {
        byte[] data;
        try {
            data = client.getData().forPath(CatalogView.CATALOG);
        } catch (KeeperException.NoNodeException e) {
            return;
        } catch (Exception e) {
            throw ZooKeeperFailure.of("read the catalog", e);
        }
        if (data != null && new String(data, StandardCharsets.UTF_8).stripLeading().startsWith("{")) {
            throw new IOException("the cluster " + connection.config().name() + " keeps its catalog in the one znode "
                    + CatalogView.CATALOG + " of an earlier version; this version keeps one znode per virtual port "
                    + "and instance and does not convert it (docs/cluster.md, Limits): register its instances again in a new cluster");
        }
    }

    /**
     * Makes the cluster's catalog {@code catalog}, changing what differs from the catalog last loaded
     * (an import; a member's own changes go through {@link #save(StoredCatalog, StoredCatalog)}).
     */
    @Override
    public synchronized void save(StoredCatalog catalog) throws IOException {
        connection.requireQuorum();
        awaitInitialized();
        write(CatalogTransaction.byPort(catalog), null);
    }

    /**
     * Writes the virtual ports (and their instances) that differ between {@code before} and
     * {@code after}, in one transaction (several only beyond {@link CatalogTransaction#MAX_OPS}
     * znodes), and returns once this member's cache shows them. Throws {@link StaleCatalogException}
     * when another member changed one of those ports since this member last loaded them: at once
     * when the cache already shows it, else when ZooKeeper refuses the transaction by version.
     */
    @Override
    public synchronized void save(StoredCatalog before, StoredCatalog after) throws IOException {
        connection.requireQuorum();
        awaitInitialized();
        Map<String, CatalogTransaction.PortState> wanted = CatalogTransaction.byPort(after);
        Map<String, CatalogTransaction.PortState> known = CatalogTransaction.byPort(before);
        Set<String> changed = CatalogTransaction.changedPorts(known, wanted);
        for (String port : changed) {
            CatalogView.VersionedPort seen = view.ports().get(port);
            CatalogTransaction.PortState inView = seen == null ? null : CatalogTransaction.state(seen);
            if (!java.util.Objects.equals(inView, known.get(port))) {
                throw new StaleCatalogException();
            }
        }
        write(wanted, changed);
    }

    private void write(Map<String, CatalogTransaction.PortState> wanted, Set<String> only) throws IOException {
        ensurePortsParent();
        while (true) {
            CatalogTransaction transaction = CatalogTransaction.next(client, view, wanted, only);
            if (transaction.isEmpty()) {
                return;
            }
            try {
                client.transaction().forOperations(transaction.ops());
            } catch (KeeperException.BadVersionException | KeeperException.NodeExistsException
                    | KeeperException.NoNodeException | KeeperException.NotEmptyException e) {
                LOG.debug("catalog transaction refused: {}", e.toString());
                awaitCacheShowsServer(transaction.ports());
                throw new StaleCatalogException();
            } catch (Exception e) {
                throw ZooKeeperFailure.ofChange(connection, "save the catalog", e);
            }
            view = transaction.after();
            awaitCacheShowsOwnChange(transaction.written());
        }
    }

    private boolean portsParentExists;

    private void ensurePortsParent() throws IOException {
        if (portsParentExists) {
            return;
        }
        try {
            client.create().creatingParentsIfNeeded().forPath(CatalogView.PORTS, new byte[0]);
        } catch (KeeperException.NodeExistsException e) {
            LOG.debug("{} exists", CatalogView.PORTS, e);
        } catch (Exception e) {
            throw ZooKeeperFailure.ofChange(connection, "create " + CatalogView.PORTS, e);
        }
        portsParentExists = true;
    }

    /**
     * Waits until the cache holds every znode the transaction wrote at least at the version it gave
     * it (the cache fetches each znode as it is when asked, so a port may show its new version
     * before the instances written with it), or without the deleted ones.
     */
    private void awaitCacheShowsOwnChange(Map<String, Integer> written) {
        awaitCache(() -> written.entrySet().stream().allMatch(w -> {
            ChildData cached = cache.get(w.getKey()).orElse(null);
            return w.getValue() < 0 ? cached == null : cached != null && cached.getStat().getVersion() >= w.getValue();
        }), "this member's own change");
    }

    /** Waits until the cache holds each port as ZooKeeper now has it: the change that made this save stale. */
    private void awaitCacheShowsServer(Set<String> ports) throws IOException {
        Map<String, Stat> current = new HashMap<>();
        for (String port : ports) {
            try {
                Stat stat = client.checkExists().forPath(port);
                if (stat != null) {
                    current.put(port, stat);
                }
            } catch (Exception e) {
                throw ZooKeeperFailure.ofChange(connection, "read the catalog", e);
            }
        }
        awaitCache(() -> ports.stream().allMatch(port -> cacheShows(port, current.get(port))), "another member's change");
    }

    /** Waits, at most {@link #CACHE_WAIT}, until the cache {@code shows} what is awaited. */
    private void awaitCache(java.util.function.BooleanSupplier shows, String what) {
        long deadline = System.nanoTime() + CACHE_WAIT.toNanos();
        synchronized (cacheEvents) {
            while (!shows.getAsBoolean()) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    LOG.warn("the catalog cache did not show {} within {} s; it will when ZooKeeper's notifications arrive",
                            what, CACHE_WAIT.toSeconds());
                    return;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(cacheEvents, left);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private boolean cacheShows(String port, Stat expected) {
        ChildData cached = cache.get(port).orElse(null);
        if (expected == null) {
            return cached == null;
        }
        return cached != null && cached.getStat().getCzxid() == expected.getCzxid()
                && cached.getStat().getVersion() >= expected.getVersion();
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
            throw ZooKeeperFailure.ofChange(connection, "save the WSDL " + digest, e);
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
    public void deleteWsdlsExcept(Set<String> kept) {
    }

    static String wsdlPath(String digest) {
        if (!digest.matches("[0-9a-f]{64}")) {
            throw new IllegalArgumentException("not a WSDL digest: " + digest);
        }
        return WSDL + "/" + digest;
    }

    @Override
    public void close() {
        cache.close();
        notifier.shutdownNow();
    }
}
