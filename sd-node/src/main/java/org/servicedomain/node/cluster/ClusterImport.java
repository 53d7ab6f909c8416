package org.servicedomain.node.cluster;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.domain.DomainInfo;
import org.servicedomain.node.domain.DomainInfoJson;
import org.servicedomain.node.domain.FileDomainInfoStore;
import org.servicedomain.node.hierarchy.ChildNode;
import org.servicedomain.node.hierarchy.FileChildStore;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.session.FileUserDirectory;
import org.servicedomain.node.session.StoredUser;

/**
 * Copies a stopped standalone node's shared state (catalog, cached WSDLs, the kept policy versions with
 * the active one, users with their password hashes, child nodes, the domain information) from its data
 * directory into a cluster that has none yet (docs/cluster.md, Moving to a cluster), in one ZooKeeper
 * transaction: the cluster holds all of it or none of it. A domain whose transaction would exceed
 * ZooKeeper's request limit ({@code jute.maxbuffer}) is refused before anything is sent, rather than
 * split. Policy versions keep their numbers. A cluster that already has a catalog, a policy, users,
 * child nodes or domain information is refused: merging two domains has no single right answer, and
 * replacing a live cluster's state would unregister its members' instances under them.
 */
public final class ClusterImport {

    /** ZooKeeper's default {@code jute.maxbuffer}: the largest request a server accepts. */
    public static final long DEFAULT_MAX_REQUEST_BYTES = 0xfffff;

    /** What was copied. */
    public record Imported(int ports, int instances, int wsdls, List<Long> policyVersions, int users, int children,
            boolean domainInfo, long requestBytes) {
    }

    /** The cluster already holds state; nothing was copied. */
    public static final class ClusterNotEmptyException extends IOException {
        private static final long serialVersionUID = 1L;

        ClusterNotEmptyException(String message) {
            super(message);
        }
    }

    /** The data directory is missing or holds nothing to import; nothing was copied. */
    public static final class NothingToImportException extends IOException {
        private static final long serialVersionUID = 1L;

        NothingToImportException(String message) {
            super(message);
        }
    }

    /** The domain does not fit in one ZooKeeper request; nothing was sent. */
    public static final class DomainTooLargeException extends IOException {
        private static final long serialVersionUID = 1L;

        DomainTooLargeException(String message) {
            super(message);
        }
    }

    /** Runs just before the transaction is sent (tests: another process writing meanwhile). */
    interface BeforeCommit {
        void run(CuratorFramework client) throws Exception;
    }

    private ClusterImport() {
    }

    /**
     * The largest request the cluster's ZooKeeper servers accept, as far as this JVM knows: its
     * {@code jute.maxbuffer} system property, else ZooKeeper's default.
     */
    public static long maxRequestBytesOfThisJvm() {
        String value = System.getProperty("jute.maxbuffer");
        try {
            return value == null ? DEFAULT_MAX_REQUEST_BYTES : Long.decode(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("the system property jute.maxbuffer must be a number of bytes but was " + value, e);
        }
    }

    /** Copies {@code dataDir}'s state into the cluster {@code config}; refuses a cluster that has state. */
    public static Imported run(Path dataDir, ClusterConfig config) throws IOException {
        return run(dataDir, config, maxRequestBytesOfThisJvm());
    }

    /**
     * As {@link #run(Path, ClusterConfig)}, refusing a domain whose one transaction takes more than
     * {@code maxRequestBytes}, which must not exceed the servers' {@code jute.maxbuffer}.
     */
    public static Imported run(Path dataDir, ClusterConfig config, long maxRequestBytes) throws IOException {
        return run(dataDir, config, maxRequestBytes, client -> { });
    }

    static Imported run(Path dataDir, ClusterConfig config, long maxRequestBytes, BeforeCommit beforeCommit)
            throws IOException {
        if (maxRequestBytes <= 0) {
            throw new IllegalArgumentException("the largest ZooKeeper request must be positive but was " + maxRequestBytes);
        }
        if (!Files.isDirectory(dataDir)) {
            throw new NothingToImportException("no data directory " + dataDir.toAbsolutePath());
        }
        FileCatalogStore files = new FileCatalogStore(dataDir);
        CatalogStore.StoredCatalog catalog = files.load();
        FilePolicyStore policies = new FilePolicyStore(dataDir);
        List<Long> allVersions = policies.versions();
        List<Long> versions = allVersions.subList(Math.max(0, allVersions.size() - PolicyStore.KEPT), allVersions.size());
        List<StoredUser> users = new FileUserDirectory(dataDir).storedUsers();
        List<ChildNode> children = new FileChildStore(dataDir).load();
        DomainInfo domainInfo = FileDomainInfoStore.open(dataDir).current();
        if (catalog.ports().isEmpty() && versions.isEmpty() && users.isEmpty() && children.isEmpty() && domainInfo.isEmpty()) {
            throw new NothingToImportException(dataDir.toAbsolutePath() + " holds no catalog (catalog.json), no policy"
                    + " (policy/), no users (users.json), no child nodes (children.json) and no domain information"
                    + " (domain.json): there is nothing to import");
        }
        try (ClusterConnection connection = ClusterConnection.open(config);
                ZooKeeperCatalogStore catalogStore = new ZooKeeperCatalogStore(connection);
                ZooKeeperPolicyStore policyStore = new ZooKeeperPolicyStore(connection)) {
            int childrenVersion = requireEmpty(config, connection, catalogStore, policyStore);
            CuratorFramework client = connection.client();
            ImportTransaction transaction = new ImportTransaction(client);
            Set<String> digests = new LinkedHashSet<>();
            catalog.ports().forEach(p -> digests.add(p.wsdlDigest()));
            catalog.instances().stream().map(Instance::wsdlDigest).filter(d -> d != null).forEach(digests::add);
            if (!digests.isEmpty()) {
                transaction.parent(ZooKeeperCatalogStore.WSDL);
            }
            for (String digest : digests) {
                String path = ZooKeeperCatalogStore.wsdlPath(digest);
                if (client.checkExists().forPath(path) == null) {
                    transaction.create(path, ZnodeLimit.check(files.loadWsdl(digest), "the WSDL " + digest));
                }
            }
            transaction.parent(CatalogView.CATALOG).parent(CatalogView.PORTS);
            transaction.addAll(CatalogTransaction.whole(client, CatalogTransaction.byPort(catalog)).ops());
            if (!versions.isEmpty()) {
                transaction.parent(ZooKeeperPolicyStore.POLICY);
            }
            for (long version : versions) {
                Optional<PolicyStore.StoredPolicy> policy = policies.find(version);
                if (policy.isPresent()) {
                    transaction.create(ZooKeeperPolicyStore.path(version), ZnodeLimit.check(
                            policy.get().document().getBytes(StandardCharsets.UTF_8), "policy version " + version));
                }
            }
            if (!users.isEmpty()) {
                transaction.parent(ZooKeeperUserDirectory.USERS);
            }
            for (StoredUser user : users) {
                transaction.create(ZooKeeperUserDirectory.path(user.user().name()), ZooKeeperUserDirectory.imported(user));
            }
            if (!children.isEmpty()) {
                byte[] data = ZooKeeperChildStore.imported(config, children);
                if (childrenVersion < 0) {
                    transaction.create(ZooKeeperChildStore.CHILDREN, data);
                } else {
                    transaction.setData(ZooKeeperChildStore.CHILDREN, data, childrenVersion);
                }
            }
            if (!domainInfo.isEmpty()) {
                transaction.create(ZooKeeperDomainInfoStore.DOMAIN,
                        ZnodeLimit.check(DomainInfoJson.write(domainInfo), "the domain information"));
            }
            long bytes = transaction.requestBytes();
            if (bytes > maxRequestBytes) {
                throw new DomainTooLargeException("the domain in " + dataDir.toAbsolutePath() + " takes " + bytes
                        + " bytes in one ZooKeeper transaction, more than the " + maxRequestBytes + " bytes a request may"
                        + " carry (ZooKeeper's jute.maxbuffer); nothing was written. cluster-import writes a domain"
                        + " whole or not at all and does not split it: raise jute.maxbuffer on every ZooKeeper server"
                        + " and member above " + bytes + ", then import again with --jute-maxbuffer " + bytes
                        + " or more (docs/cluster.md, Moving to a cluster)");
            }
            beforeCommit.run(client);
            commit(config, transaction);
            return new Imported(catalog.ports().size(), catalog.instances().size(), digests.size(), List.copyOf(versions),
                    users.size(), children.size(), !domainInfo.isEmpty(), bytes);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw ZooKeeperFailure.of("import into the cluster " + config.name() + " (nothing was written)", e);
        }
    }

    /** Sends the transaction; says whether the cluster holds none of it, or (connection lost) all or none. */
    private static void commit(ClusterConfig config, ImportTransaction transaction) throws IOException {
        try {
            transaction.commit();
        } catch (KeeperException.ConnectionLossException | KeeperException.SessionExpiredException e) {
            throw new IOException("the connection to ZooKeeper was lost while the import was sent: the cluster "
                    + config.name() + " holds all of the domain or none of it (one transaction). Import again: a"
                    + " cluster that holds it is refused as not empty, and then the import is done", e);
        } catch (KeeperException e) {
            String path = transaction.refusedPath(e);
            throw new IOException("ZooKeeper refused the import into the cluster " + config.name() + " ("
                    + e.code() + (path == null ? "" : " at " + path) + "): another process wrote to the"
                    + " cluster meanwhile. Nothing was written: the import is one transaction, all or nothing", e);
        } catch (Exception e) {
            throw ZooKeeperFailure.of("import into the cluster " + config.name()
                    + " (one transaction: the cluster holds all of it or none)", e);
        }
    }

    /** Refuses a cluster with state; returns the version of its (empty) list of child nodes, -1 when there is none. */
    private static int requireEmpty(ClusterConfig config, ClusterConnection connection, ZooKeeperCatalogStore catalog,
            ZooKeeperPolicyStore policy) throws Exception {
        CatalogStore.StoredCatalog existing = catalog.load();
        List<Long> versions = policy.versions();
        int users = ZooKeeperUserDirectory.count(connection);
        Stat childrenStat = new Stat();
        int children = 0;
        int childrenVersion = -1;
        try {
            byte[] data = connection.client().getData().storingStatIn(childrenStat).forPath(ZooKeeperChildStore.CHILDREN);
            children = data == null || data.length == 0 ? 0 : new ObjectMapper().readTree(data).size();
            childrenVersion = childrenStat.getVersion();
        } catch (KeeperException.NoNodeException e) {
            childrenVersion = -1;
        }
        boolean domainInfo = connection.client().checkExists().forPath(ZooKeeperDomainInfoStore.DOMAIN) != null;
        if (!existing.ports().isEmpty() || !versions.isEmpty() || users > 0 || children > 0 || domainInfo) {
            throw new ClusterNotEmptyException("the cluster " + config.name() + " at " + config.zookeeper()
                    + " already has state (" + existing.ports().size() + " virtual ports, " + existing.instances().size()
                    + " instances, " + versions.size() + " policy versions, " + users + " users, " + children
                    + " child nodes" + (domainInfo ? ", domain information" : "") + "); cluster-import copies into a new"
                    + " cluster only. Choose a new cluster name, or stop its members and delete " + config.root()
                    + " in ZooKeeper first");
        }
        return childrenVersion;
    }
}
