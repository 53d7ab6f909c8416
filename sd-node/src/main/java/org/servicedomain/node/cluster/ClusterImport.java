package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.session.FileUserDirectory;
import org.servicedomain.node.session.StoredUser;

/**
 * Copies a stopped standalone node's shared state (catalog, cached WSDLs, kept policy versions with
 * the active one, users with their password hashes) from its data directory into a cluster that has none yet (docs/cluster.md, Moving
 * to a cluster). Policy versions keep their numbers. A cluster that already has a catalog or a
 * policy is refused: merging two domains has no single right answer, and replacing a live
 * cluster's state would unregister its members' instances under them.
 */
public final class ClusterImport {

    /** What was copied. */
    public record Imported(int ports, int instances, int wsdls, List<Long> policyVersions, int users) {
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

    private ClusterImport() {
    }

    /** Copies {@code dataDir}'s state into the cluster {@code config}; refuses a cluster that has state. */
    public static Imported run(Path dataDir, ClusterConfig config) throws IOException {
        if (!Files.isDirectory(dataDir)) {
            throw new NothingToImportException("no data directory " + dataDir.toAbsolutePath());
        }
        FileCatalogStore files = new FileCatalogStore(dataDir);
        CatalogStore.StoredCatalog catalog = files.load();
        FilePolicyStore policies = new FilePolicyStore(dataDir);
        List<Long> versions = policies.versions();
        List<StoredUser> users = new FileUserDirectory(dataDir).storedUsers();
        if (catalog.ports().isEmpty() && versions.isEmpty() && users.isEmpty()) {
            throw new NothingToImportException(dataDir.toAbsolutePath() + " holds no catalog (catalog.json), no policy"
                    + " (policy/) and no users (users.json): there is nothing to import");
        }
        try (ClusterConnection connection = ClusterConnection.open(config);
                ZooKeeperCatalogStore catalogStore = new ZooKeeperCatalogStore(connection);
                ZooKeeperPolicyStore policyStore = new ZooKeeperPolicyStore(connection)) {
            requireEmpty(config, connection, catalogStore, policyStore);
            Set<String> digests = new LinkedHashSet<>();
            catalog.ports().forEach(p -> digests.add(p.wsdlDigest()));
            catalog.instances().stream().map(Instance::wsdlDigest).filter(d -> d != null).forEach(digests::add);
            for (String digest : digests) {
                catalogStore.saveWsdl(digest, files.loadWsdl(digest));
            }
            catalogStore.save(catalog);
            for (long version : versions) {
                Optional<PolicyStore.StoredPolicy> policy = policies.find(version);
                if (policy.isPresent()) {
                    policyStore.save(policy.get());
                }
            }
            ZooKeeperUserDirectory.importUsers(connection, users);
            return new Imported(catalog.ports().size(), catalog.instances().size(), digests.size(), versions, users.size());
        } catch (CatalogStore.StaleCatalogException | PolicyStore.VersionTakenException | KeeperException.NodeExistsException e) {
            throw new IOException("another process wrote to the cluster " + config.name() + " during the import;"
                    + " what was copied is incomplete: delete " + config.root() + " in ZooKeeper and import again", e);
        } catch (IOException e) {
            throw e;
        } catch (Exception e) {
            throw ZooKeeperFailure.of("import into the cluster " + config.name(), e);
        }
    }

    private static void requireEmpty(ClusterConfig config, ClusterConnection connection, ZooKeeperCatalogStore catalog,
            ZooKeeperPolicyStore policy) throws Exception {
        CatalogStore.StoredCatalog existing = catalog.load();
        List<Long> versions = policy.versions();
        int users = ZooKeeperUserDirectory.count(connection);
        if (!existing.ports().isEmpty() || !versions.isEmpty() || users > 0) {
            throw new ClusterNotEmptyException("the cluster " + config.name() + " at " + config.zookeeper()
                    + " already has state (" + existing.ports().size() + " virtual ports, " + existing.instances().size()
                    + " instances, " + versions.size() + " policy versions, " + users + " users); cluster-import copies into a new cluster"
                    + " only. Choose a new cluster name, or stop its members and delete " + config.root()
                    + " in ZooKeeper first");
        }
    }
}
