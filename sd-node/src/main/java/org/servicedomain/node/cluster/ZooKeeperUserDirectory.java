package org.servicedomain.node.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.servicedomain.node.session.HeldUserDirectory;
import org.servicedomain.node.session.StoredUser;
import org.servicedomain.node.session.User;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's users: one znode {@value #USERS}/NAME per user holding the user and their password
 * hash (never a password), written with the version last read so that two members changing one user
 * at once cannot lose a change silently. Every member reads from a {@link CuratorCache}, so logins
 * check passwords without asking ZooKeeper. Only the storage of a {@link HeldUserDirectory}: a change
 * is published there at once, before the cache hears of it.
 */
public final class ZooKeeperUserDirectory extends HeldUserDirectory implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperUserDirectory.class);
    static final String USERS = "/users";
    private static final int ATTEMPTS = 10;
    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final CuratorCache cache;
    private final List<Consumer<User>> listeners = new CopyOnWriteArrayList<>();

    public ZooKeeperUserDirectory(ClusterConnection connection) throws IOException {
        super(Map.of());
        this.client = connection.client();
        this.connection = connection;
        this.cache = CuratorCache.build(client, USERS);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, after) -> heard(after))
                .forDeletes(this::heardGone)
                .build());
        CacheStart.await(cache, "the users");
        LOG.info("shared user directory opened: {} users", stored().size());
    }

    /** Hears of every user another member (or this one) adds or changes, e.g. to refresh open sessions. */
    public void onChange(Consumer<User> listener) {
        listeners.add(listener);
    }

    @Override
    protected void store(Change change) {
        User user = change.user();
        String path = path(user.name());
        try {
            connection.requireQuorum();
            for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
                Stat stat = new Stat();
                StoredUser existing = read(path, stat);
                StoredUser next = change.over(existing);
                byte[] data = ZnodeLimit.check(JSON.writeValueAsBytes(next.record()), "user " + user.name());
                try {
                    if (existing == null) {
                        client.create().creatingParentsIfNeeded().forPath(path, data);
                    } else {
                        client.setData().withVersion(stat.getVersion()).forPath(path, data);
                    }
                } catch (KeeperException.NodeExistsException | KeeperException.BadVersionException
                        | KeeperException.NoNodeException e) {
                    LOG.debug("user {} changed at another member meanwhile; reading it again", user.name(), e);
                    continue;
                }
                publish(next);
                change.log(LOG, existing);
                return;
            }
        } catch (IOException e) {
            throw unsaved(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw unsaved(ZooKeeperFailure.ofChange(connection, "save user " + user.name(), e));
        }
        throw new NodeFault(FaultCode.InternalError, "user " + user.name()
                + " was not saved: other members kept changing it; try again");
    }

    @Override
    public boolean remove(String name) {
        if (name == null) {
            return false;
        }
        try {
            connection.requireQuorum();
            client.delete().forPath(path(name));
        } catch (KeeperException.NoNodeException e) {
            LOG.debug("no user {} to remove", name, e);
            return false;
        } catch (IOException e) {
            throw unsaved(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw unsaved(ZooKeeperFailure.ofChange(connection, "remove user " + name, e));
        }
        forget(name);
        LOG.info("removed user {}", name);
        return true;
    }

    private StoredUser read(String path, Stat stat) throws Exception {
        try {
            return decode(path, client.getData().storingStatIn(stat).forPath(path));
        } catch (KeeperException.NoNodeException e) {
            return null;
        }
    }

    private void heard(ChildData data) {
        if (data.getPath().equals(USERS)) {
            return;
        }
        try {
            StoredUser user = decode(data.getPath(), data.getData());
            publish(user);
            listeners.forEach(l -> l.accept(user.user()));
        } catch (IOException e) {
            LOG.warn("user entry {} is not readable; left out", data.getPath(), e);
        }
    }

    private void heardGone(ChildData data) {
        if (data.getPath().equals(USERS)) {
            return;
        }
        forget(nameOf(data.getPath()));
    }

    private static StoredUser decode(String path, byte[] data) throws IOException {
        if (data == null || data.length == 0) {
            throw new IOException(path + " is empty");
        }
        return StoredUser.of(JSON.readValue(data, StoredUser.UserRecord.class), "ZooKeeper " + path);
    }

    private static NodeFault unsaved(IOException e) {
        return unsaved(LOG, "the shared users", e);
    }

    /**
     * The znode of user {@code name}: letters, digits, {@code _} and {@code -} as they are, every other
     * byte of its UTF-8 as {@code %XX}, so that any user name is one valid znode name.
     */
    static String path(String name) {
        return USERS + "/" + znodeName(name);
    }

    /** {@code name} as one valid znode name: letters, digits, {@code _} and {@code -} as they are, other bytes as {@code %XX}. */
    static String znodeName(String name) {
        StringBuilder path = new StringBuilder();
        for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-') {
                path.append(c);
            } else {
                path.append('%').append(String.format("%02X", b & 0xff));
            }
        }
        return path.toString();
    }

    /** How many users the cluster holds, without opening a directory (for cluster-import's check). */
    static int count(ClusterConnection connection) throws Exception {
        return connection.client().checkExists().forPath(USERS) == null ? 0
                : connection.client().getChildren().forPath(USERS).size();
    }

    /** {@code stored} as its znode holds it, hash included (cluster-import, which writes it in its one transaction). */
    static byte[] imported(StoredUser stored) throws IOException {
        return ZnodeLimit.check(JSON.writeValueAsBytes(stored.record()), "user " + stored.user().name());
    }

    static String nameOf(String path) {
        String encoded = path.substring(path.lastIndexOf('/') + 1);
        return java.net.URLDecoder.decode(encoded.replace("+", "%2B"), StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        cache.close();
    }
}
