package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.policy.PolicyStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's policies: one znode {@value #POLICY}/VERSION per version set (zero-padded, so they
 * sort), created, never overwritten: two members that set a policy at once race for the same
 * version, one wins and the other gets {@link PolicyStore.VersionTakenException} and takes the next.
 * The highest version is the active one; a {@link CuratorCache} tells the node of each new one.
 */
public final class ZooKeeperPolicyStore implements PolicyStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperPolicyStore.class);
    static final String POLICY = "/policy";

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final CuratorCache cache;
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();

    public ZooKeeperPolicyStore(ClusterConnection connection) {
        this.client = connection.client();
        this.connection = connection;
        this.cache = CuratorCache.build(client, POLICY);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreates(created -> {
                    if (!created.getPath().equals(POLICY)) {
                        listeners.forEach(Runnable::run);
                    }
                })
                .build());
        cache.start();
    }

    @Override
    public void onChange(Runnable listener) {
        listeners.add(listener);
    }

    @Override
    public Optional<StoredPolicy> latest() throws IOException {
        List<Long> versions = versions();
        for (int i = versions.size() - 1; i >= 0; i--) {
            Optional<StoredPolicy> found = find(versions.get(i));
            if (found.isPresent()) {
                return found;
            }
        }
        return Optional.empty();
    }

    @Override
    public Optional<StoredPolicy> find(long version) throws IOException {
        try {
            byte[] data = client.getData().forPath(path(version));
            return Optional.of(new StoredPolicy(version, new String(data, StandardCharsets.UTF_8)));
        } catch (KeeperException.NoNodeException e) {
            LOG.debug("policy version {} is not kept", version, e);
            return Optional.empty();
        } catch (Exception e) {
            throw ZooKeeperFailure.of("read policy version " + version, e);
        }
    }

    @Override
    public List<Long> versions() throws IOException {
        List<String> children;
        try {
            children = client.getChildren().forPath(POLICY);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        } catch (Exception e) {
            throw ZooKeeperFailure.of("list the policy versions", e);
        }
        List<Long> versions = new ArrayList<>();
        for (String child : children) {
            if (child.matches("\\d{19}")) {
                versions.add(Long.parseLong(child));
            }
        }
        Collections.sort(versions);
        return versions;
    }

    @Override
    public void save(StoredPolicy policy) throws IOException {
        connection.requireQuorum();
        byte[] data = ZnodeLimit.check(policy.document().getBytes(StandardCharsets.UTF_8),
                "policy version " + policy.version());
        try {
            client.create().creatingParentsIfNeeded().forPath(path(policy.version()), data);
        } catch (KeeperException.NodeExistsException e) {
            throw new VersionTakenException(policy.version());
        } catch (Exception e) {
            throw ZooKeeperFailure.ofChange(connection, "save policy version " + policy.version(), e);
        }
        List<Long> versions = versions();
        for (int i = 0; i < versions.size() - KEPT; i++) {
            try {
                client.delete().quietly().forPath(path(versions.get(i)));
            } catch (Exception e) {
                LOG.warn("could not delete old policy version {}; trying again with the next policy", versions.get(i), e);
            }
        }
    }

    static String path(long version) {
        return POLICY + "/" + String.format("%019d", version);
    }

    @Override
    public void close() {
        cache.close();
    }
}
