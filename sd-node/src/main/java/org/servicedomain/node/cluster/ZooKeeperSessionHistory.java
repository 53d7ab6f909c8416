package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.session.RecordedHistory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sessions' transaction history, shared by every member (docs/cluster.md, "Designated routing"): one
 * persistent znode {@value #HISTORY}/SESSION/PORT per session and virtual port, holding the id of the
 * instance that last answered; SESSION is the session's znode name under {@code /sessions} (the SHA-256 of
 * its id), so the tree holds no session id. Each member reads a {@link CuratorCache} of it. Only the ports
 * where the {@code transaction-history} directive follows the session are written (a member marks a
 * session's port when the directive reads it there), and only when the instance changes, in the background:
 * other directives cost ZooKeeper nothing. The last write wins, as the history is what answered last.
 */
public final class ZooKeeperSessionHistory implements RecordedHistory, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperSessionHistory.class);
    static final String HISTORY = "/history";

    private final CuratorFramework client;
    private final CuratorCache cache;
    /** Session znode name to virtual port to instance id, as heard from ZooKeeper or written here. */
    private final Map<String, Map<String, String>> bySession = new ConcurrentHashMap<>();
    /** Session znode name to the virtual ports where the directive follows the session at this member. */
    private final Map<String, Set<String>> followed = new ConcurrentHashMap<>();
    /** Session id to its znode name, so that a request does not hash its session's id again. */
    private final Map<String, String> names = new ConcurrentHashMap<>();

    /** Reads the cluster's history before returning. */
    public ZooKeeperSessionHistory(ClusterConnection connection) throws IOException {
        this.client = connection.client();
        this.cache = CuratorCache.build(client, HISTORY);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, after) -> heard(after))
                .forDeletes(this::heardGone)
                .build());
        CacheStart.await(cache, "the sessions' transaction history");
    }

    @Override
    public boolean shared() {
        return true;
    }

    /** What the cluster holds for the session's port; marks the port as followed, so that its answers are written. */
    @Override
    public Optional<String> lastInstance(String sessionId, String virtualPort) {
        if (sessionId == null) {
            return Optional.empty();
        }
        String name = nameOf(sessionId);
        Set<String> ports = followed.computeIfAbsent(name, n -> ConcurrentHashMap.newKeySet(2));
        if (!ports.contains(virtualPort)) {
            ports.add(virtualPort);
        }
        Map<String, String> last = bySession.get(name);
        return last == null ? Optional.empty() : Optional.ofNullable(last.get(virtualPort));
    }

    @Override
    public void dispatched(RequestContext request, Instance instance, long nanos) {
        String sessionId = request.sessionId();
        if (sessionId == null) {
            return;
        }
        String name = names.get(sessionId);
        String port = request.virtualPort().name();
        Set<String> ports = name == null ? null : followed.get(name);
        if (ports == null || !ports.contains(port)) {
            return;
        }
        Map<String, String> last = bySession.computeIfAbsent(name, n -> new ConcurrentHashMap<>(2));
        if (instance.id().equals(last.put(port, instance.id()))) {
            return;
        }
        try {
            client.create().orSetData().creatingParentsIfNeeded().inBackground((c, event) -> {
                KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
                if (code != KeeperException.Code.OK) {
                    LOG.warn("could not tell the other members which instance answered a session on {} ({});"
                            + " told at its next change", port, code);
                }
            }).forPath(path(name, port), instance.id().getBytes(StandardCharsets.UTF_8));
        } catch (Exception e) {
            LOG.warn("could not tell the other members which instance answered a session on {}; told at its next change", port, e);
        }
    }

    /** A failed instance stays remembered: the directive checks it is a candidate before following it. */
    @Override
    public void dispatchFailed(RequestContext request, Instance instance, long nanos, DispatchException failure) {
    }

    /** Every member hears a session end and forgets it; the first to delete its znodes wins, the others find none. */
    @Override
    public void sessionEnded(String sessionId) {
        String name = names.remove(sessionId);
        if (name == null) {
            name = SessionIds.znodeName(sessionId);
        }
        followed.remove(name);
        bySession.remove(name);
        try {
            client.delete().quietly().deletingChildrenIfNeeded().inBackground((c, event) -> {
                KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
                if (code != KeeperException.Code.OK && code != KeeperException.Code.NONODE) {
                    LOG.warn("could not delete the transaction history of an ended session ({})", code);
                }
            }).forPath(HISTORY + "/" + name);
        } catch (Exception e) {
            LOG.warn("could not delete the transaction history of an ended session", e);
        }
    }

    /** The number of sessions with a history, as this member knows them. */
    public int sessions() {
        return bySession.size();
    }

    private String nameOf(String sessionId) {
        String name = names.get(sessionId);
        return name != null ? name : names.computeIfAbsent(sessionId, SessionIds::znodeName);
    }

    private void heard(ChildData data) {
        String[] parts = parts(data);
        if (parts != null && data.getData() != null) {
            bySession.computeIfAbsent(parts[0], n -> new ConcurrentHashMap<>(2))
                    .put(parts[1], new String(data.getData(), StandardCharsets.UTF_8));
        }
    }

    private void heardGone(ChildData data) {
        String[] parts = parts(data);
        if (parts != null) {
            Map<String, String> last = bySession.get(parts[0]);
            if (last != null) {
                last.remove(parts[1]);
            }
        }
    }

    /** The session's znode name and the port of {@value #HISTORY}/SESSION/PORT; null for other znodes. */
    private static String[] parts(ChildData data) {
        String[] parts = data.getPath().split("/");
        if (parts.length != 4 || !("/" + parts[1]).equals(HISTORY)) {
            return null;
        }
        return new String[] {parts[2], ZooKeeperUserDirectory.nameOf(parts[3])};
    }

    private static String path(String name, String port) {
        return HISTORY + "/" + name + "/" + ZooKeeperUserDirectory.znodeName(port);
    }

    @Override
    public void close() {
        cache.close();
    }
}
