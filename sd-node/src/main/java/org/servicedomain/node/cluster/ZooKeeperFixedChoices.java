package org.servicedomain.node.cluster;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.BackgroundCallback;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.data.Stat;
import org.servicedomain.node.session.FixedChoices;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The users' fixed choices, shared by every member (docs/cluster.md, "Designated routing"): one persistent
 * znode {@value #FIXED}/USER/PORT per user and virtual port, holding the instance ids most recent first.
 * Each member serves from a {@link CuratorCache} of {@value #FIXED}, so the {@code fixed} directive asks
 * ZooKeeper nothing on the request's path. A first choice is created only if absent, a later one written
 * with the version read: when two members choose at once, one write wins and the other member, refused,
 * takes the winner's choice. Until a member hears its own write back it serves its proposal.
 */
public final class ZooKeeperFixedChoices implements FixedChoices, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperFixedChoices.class);
    static final String FIXED = "/fixed";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final TypeReference<List<String>> IDS = new TypeReference<>() { };

    private record Key(String user, String virtualPort) {
    }

    /** A choice as ZooKeeper holds it: the ids, the znode's version, and the zxid of its last change (to order what is heard). */
    private record Held(List<String> ids, int version, long changed) {
    }

    private final ClusterConnection connection;
    private final CuratorFramework client;
    private final int maxChoices;
    private final CuratorCache cache;
    private final Map<Key, Held> held = new ConcurrentHashMap<>();
    private final Map<Key, List<String>> proposed = new ConcurrentHashMap<>();
    private final AtomicBoolean fullReported = new AtomicBoolean();

    /** Reads the cluster's choices before returning; keeps at most {@code maxChoices} user and port pairs. */
    public ZooKeeperFixedChoices(ClusterConnection connection, int maxChoices) throws IOException {
        if (maxChoices < 1) {
            throw new IllegalArgumentException("maxChoices must be positive but was " + maxChoices);
        }
        this.connection = connection;
        this.client = connection.client();
        this.maxChoices = maxChoices;
        this.cache = CuratorCache.build(client, FIXED);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, after) -> heard(after))
                .forDeletes(this::heardGone)
                .build());
        CacheStart.await(cache, "the users' fixed choices");
    }

    @Override
    public boolean shared() {
        return true;
    }

    @Override
    public List<String> chosen(String user, String virtualPort) {
        Key key = new Key(user, virtualPort);
        List<String> mine = proposed.get(key);
        if (mine != null) {
            return mine;
        }
        Held known = held.get(key);
        return known == null ? List.of() : known.ids();
    }

    /**
     * Proposes the choice to the cluster without waiting: created if the pair has none, else written over
     * the version this member holds; a refusal (another member wrote first) makes this member read and take
     * the choice that won. Without quorum nothing is written: the members' first choices agree by themselves.
     */
    @Override
    public void choose(String user, String virtualPort, String instanceId) {
        Key key = new Key(user, virtualPort);
        List<String> current = chosen(user, virtualPort);
        if (!current.isEmpty() && current.get(0).equals(instanceId) || !connection.hasQuorum()) {
            return;
        }
        Held known = held.get(key);
        if (known == null && !roomForANewPair()) {
            return;
        }
        List<String> ids = FixedChoices.withFirst(instanceId, current);
        proposed.put(key, ids);
        BackgroundCallback settled = (c, event) -> settled(key, KeeperException.Code.get(event.getResultCode()));
        try {
            byte[] data = JSON.writeValueAsBytes(ids);
            if (known == null) {
                client.create().creatingParentsIfNeeded().inBackground(settled).forPath(path(key), data);
            } else {
                client.setData().withVersion(known.version()).inBackground(settled).forPath(path(key), data);
            }
        } catch (Exception e) {
            proposed.remove(key, ids);
            LOG.warn("could not propose the fixed choice of user {} on {} to the cluster; chosen again at the next call",
                    user, virtualPort, e);
        }
    }

    /** After a write: when another member's won, reads it and takes it; on a failure the proposal goes, to be made again. */
    private void settled(Key key, KeeperException.Code code) {
        switch (code) {
            case OK -> {
                // the cache hears the write and replaces the proposal
            }
            case NODEEXISTS, BADVERSION -> adoptWinner(key);
            default -> {
                proposed.remove(key);
                if (code != KeeperException.Code.NONODE) {
                    LOG.warn("ZooKeeper refused the fixed choice of user {} on {} ({}); chosen again at the next call",
                            key.user(), key.virtualPort(), code);
                }
            }
        }
    }

    private void adoptWinner(Key key) {
        try {
            client.getData().inBackground((c, event) -> {
                if (event.getResultCode() == KeeperException.Code.OK.intValue()) {
                    take(key, event.getData(), event.getStat());
                }
                proposed.remove(key);
            }).forPath(path(key));
        } catch (Exception e) {
            proposed.remove(key);
            LOG.warn("could not read the fixed choice of user {} on {} that another member made", key.user(), key.virtualPort(), e);
        }
    }

    @Override
    public void forgetUser(String user) {
        held.keySet().removeIf(k -> k.user().equals(user));
        proposed.keySet().removeIf(k -> k.user().equals(user));
        try {
            client.delete().quietly().deletingChildrenIfNeeded().inBackground(logged("forget the fixed choices of user " + user))
                    .forPath(FIXED + "/" + ZooKeeperUserDirectory.znodeName(user));
        } catch (Exception e) {
            LOG.warn("could not forget the fixed choices of user {} in ZooKeeper", user, e);
        }
    }

    /**
     * Every member hears an instance leave the catalog and rewrites the choices that name it, each over
     * the version it holds: the first write wins, the others are refused and change nothing.
     */
    @Override
    public void forgetInstance(String instanceId) {
        held.forEach((key, known) -> {
            if (known.ids().contains(instanceId)) {
                List<String> kept = known.ids().stream().filter(id -> !id.equals(instanceId)).toList();
                rewrite(key, known, kept);
            }
        });
    }

    @Override
    public void forgetPort(String virtualPort) {
        held.forEach((key, known) -> {
            if (key.virtualPort().equals(virtualPort)) {
                rewrite(key, known, List.of());
            }
        });
    }

    /** Writes {@code ids} (none: deletes) over {@code known}'s version; refused when another member changed it first. */
    private void rewrite(Key key, Held known, List<String> ids) {
        try {
            if (ids.isEmpty()) {
                client.delete().withVersion(known.version()).inBackground(quiet()).forPath(path(key));
            } else {
                client.setData().withVersion(known.version()).inBackground(quiet()).forPath(path(key), JSON.writeValueAsBytes(ids));
            }
        } catch (Exception e) {
            LOG.warn("could not update the fixed choice of user {} on {} in ZooKeeper", key.user(), key.virtualPort(), e);
        }
    }

    /** The number of user and virtual port pairs with a choice, as this member last heard. */
    public int size() {
        return held.size();
    }

    private void heard(ChildData data) {
        Key key = keyOf(data.getPath());
        if (key != null) {
            take(key, data.getData(), data.getStat());
            proposed.remove(key);
        }
    }

    private void heardGone(ChildData data) {
        Key key = keyOf(data.getPath());
        if (key != null) {
            long deleted = data.getStat() == null ? Long.MAX_VALUE : data.getStat().getMzxid();
            held.computeIfPresent(key, (k, known) -> known.changed() <= deleted ? null : known);
            proposed.remove(key);
        }
    }

    /** Takes what ZooKeeper holds for {@code key}, unless this member already holds a later change. */
    private void take(Key key, byte[] data, Stat stat) {
        List<String> ids = decode(key, data);
        if (ids == null || stat == null) {
            return;
        }
        Held heard = new Held(ids, stat.getVersion(), stat.getMzxid());
        held.merge(key, heard, (known, now) -> now.changed() >= known.changed() ? now : known);
    }

    private static List<String> decode(Key key, byte[] data) {
        try {
            List<String> ids = JSON.readValue(data, IDS);
            if (ids.isEmpty() || ids.stream().anyMatch(Objects::isNull)) {
                throw new IOException("no instance ids");
            }
            return List.copyOf(ids.subList(0, Math.min(MAX_PER_PORT, ids.size())));
        } catch (IOException | RuntimeException e) {
            LOG.warn("the fixed choice of user {} on {} is not readable; left out", key.user(), key.virtualPort(), e);
            return null;
        }
    }

    private boolean roomForANewPair() {
        if (held.size() + proposed.size() < maxChoices) {
            fullReported.set(false);
            return true;
        }
        if (fullReported.compareAndSet(false, true)) {
            LOG.warn("{} user and virtual port pairs have a fixed choice, the most this member keeps (--max-fixed-choices);"
                    + " users without a choice on a port take turns there until a user, instance or port goes", maxChoices);
        }
        return false;
    }

    /** {@value #FIXED}/USER/PORT, each name encoded as user names are under {@code /users}. */
    private static String path(Key key) {
        return FIXED + "/" + ZooKeeperUserDirectory.znodeName(key.user()) + "/" + ZooKeeperUserDirectory.znodeName(key.virtualPort());
    }

    /** The pair a znode of the form {@value #FIXED}/USER/PORT stands for; null for {@value #FIXED} and a user's znode. */
    private static Key keyOf(String path) {
        String[] parts = path.split("/");
        if (parts.length != 4 || !("/" + parts[1]).equals(FIXED)) {
            return null;
        }
        return new Key(ZooKeeperUserDirectory.nameOf(parts[2]), ZooKeeperUserDirectory.nameOf(parts[3]));
    }

    private static BackgroundCallback quiet() {
        return (c, event) -> LOG.debug("fixed choice at {}: ZooKeeper answered {}", event.getPath(),
                KeeperException.Code.get(event.getResultCode()));
    }

    private static BackgroundCallback logged(String action) {
        return (c, event) -> {
            KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
            if (code != KeeperException.Code.OK && code != KeeperException.Code.NONODE) {
                LOG.warn("could not {} in ZooKeeper ({})", action, code);
            }
        };
    }

    @Override
    public void close() {
        cache.close();
    }
}
