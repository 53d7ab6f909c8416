package org.servicedomain.node.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Pattern;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.session.SessionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's open sessions: one persistent znode {@value #SESSIONS}/NAME per session, its name the
 * SHA-256 of the session's id and the id inside sealed ({@link SessionIds}), so that ZooKeeper holds no
 * bearer's credential a reader could present; created by the
 * member that opened it (whose id begins the session's: {@code node-1a2b3c4d:…}), rewritten with its
 * last use at most every {@link #USE_DELAY}, deleted at logout or expiry by whichever member sees it.
 * A {@link CuratorCache} tells every member of every session, so each serves them from memory; a
 * session presented a moment after another member opened it, before the cache heard of it, is read
 * from ZooKeeper once, in the background ({@link SessionReads}), never on the thread of the request;
 * without quorum such an id is refused at once, and an id found absent is refused from memory for a
 * while ({@link AbsentSessions}).
 */
public final class ZooKeeperSessionStore implements SessionStore, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperSessionStore.class);
    static final String SESSIONS = "/sessions";
    /** How often at most a member tells the others of a session's use; sessions expire this much later. */
    static final Duration USE_DELAY = Duration.ofSeconds(30);
    /** A session id of a member: its member id, a colon, and 43 URL-safe characters. */
    private static final Pattern MEMBER_SESSION = Pattern.compile("node-[0-9a-f]{8}:[A-Za-z0-9_-]{43}");
    private static final ObjectMapper JSON = new ObjectMapper().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final CuratorFramework client;
    private final ClusterConnection connection;
    private final String idPrefix;
    private final CuratorCache cache;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final AbsentSessions absent;
    private final ExecutorService lookups;
    private final SessionReads reads;
    private final SessionIds ids;

    /** The sessions of the cluster, as member {@code memberId}. */
    public ZooKeeperSessionStore(ClusterConnection connection, String memberId) throws IOException {
        this(connection, memberId, Clock.systemUTC());
    }

    /** As {@link #ZooKeeperSessionStore(ClusterConnection, String)}, ids found absent forgotten by {@code clock}. */
    public ZooKeeperSessionStore(ClusterConnection connection, String memberId, Clock clock) throws IOException {
        this.client = connection.client();
        this.absent = new AbsentSessions(clock);
        this.lookups = Executors.newSingleThreadExecutor(DaemonThreads.named("sd-session-lookup"));
        this.reads = new SessionReads(client, lookups, absent);
        this.connection = connection;
        this.ids = new SessionIds(connection.config().credential());
        this.idPrefix = memberId + ":";
        this.cache = CuratorCache.build(client, SESSIONS);
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreatesAndChanges((before, after) -> heard(after))
                .forDeletes(this::heardGone)
                .build());
        try {
            CacheStart.await(cache, "the sessions");
        } catch (IOException e) {
            lookups.shutdown();
            throw e;
        }
        renameClearEntries();
    }

    /**
     * Moves the sessions an earlier release kept under their ids ({@value #SESSIONS}/node-…:…) to their
     * hashed names, so that their users stay logged in and their ids leave ZooKeeper's tree.
     */
    private void renameClearEntries() {
        cache.stream().filter(data -> name(data).contains(":")).forEach(data -> {
            try {
                SharedSession session = JSON.readValue(data.getData(), SharedSession.class);
                if (session.id().equals(name(data))) {
                    client.create().orSetData().creatingParentsIfNeeded().forPath(path(session.id()), encode(session));
                }
                client.delete().quietly().forPath(data.getPath());
            } catch (Exception e) {
                LOG.warn("could not move a session entry of an earlier release to its hashed name; moved at the next start", e);
            }
        });
    }

    @Override
    public String idPrefix() {
        return idPrefix;
    }

    @Override
    public Duration useDelay() {
        return USE_DELAY;
    }

    @Override
    public void opened(SharedSession session) throws IOException {
        connection.requireQuorum();
        try {
            client.create().creatingParentsIfNeeded().forPath(path(session.id()), encode(session));
        } catch (Exception e) {
            throw ZooKeeperFailure.ofChange(connection, "open a session", e);
        }
    }

    @Override
    public void used(SharedSession session) {
        try {
            client.setData().inBackground((c, event) -> {
                if (event.getResultCode() != KeeperException.Code.OK.intValue()
                        && event.getResultCode() != KeeperException.Code.NONODE.intValue()) {
                    LOG.warn("could not tell the other members of a session's use ({}); told again at its next use",
                            KeeperException.Code.get(event.getResultCode()));
                }
            }).forPath(path(session.id()), encode(session));
        } catch (Exception e) {
            LOG.warn("could not tell the other members of a session's use; told again at its next use", e);
        }
    }

    @Override
    public void ended(String sessionId) throws IOException {
        connection.requireQuorum();
        try {
            client.delete().quietly().forPath(path(sessionId));
        } catch (Exception e) {
            throw ZooKeeperFailure.ofChange(connection, "end a session", e);
        }
    }

    /**
     * The session if another member opened it, without blocking: from the cache when it has heard of
     * it, else read in the background. Ids of this member's own sessions, of no member's form, or found
     * absent a moment ago are not looked up, so a made-up id costs ZooKeeper nothing unless it looks
     * real, and only once, and a session this member just ended is not taken back from a cache that has
     * not heard of its end yet; without quorum an id the cache does not hold is refused at once. A member
     * restarted with its kept id ({@link MemberIdentity}) holds its own earlier sessions from the start:
     * {@link #listen} tells of every session the cache read before the node serves.
     */
    @Override
    public CompletableFuture<Optional<SharedSession>> find(String sessionId) {
        if (sessionId.startsWith(idPrefix) || !MEMBER_SESSION.matcher(sessionId).matches() || absent.contains(sessionId)) {
            return CompletableFuture.completedFuture(Optional.empty());
        }
        String path = path(sessionId);
        Optional<ChildData> cached = cache.get(path);
        if (cached.isPresent()) {
            return CompletableFuture.completedFuture(Optional.ofNullable(decode(cached.get())));
        }
        if (!connection.hasQuorum()) {
            return CompletableFuture.failedFuture(SessionReads.uncheckable("the cluster has no ZooKeeper quorum"));
        }
        String name = name(path);
        return reads.read(sessionId, path).thenApply(data -> data.map(bytes -> decode(name, bytes)));
    }

    /** How many ids found absent are remembered now, for tests. */
    int absentCount() {
        return absent.size();
    }

    @Override
    public void listen(Listener listener) {
        listeners.add(listener);
        cache.stream().filter(data -> !data.getPath().equals(SESSIONS) && !name(data).contains(":")).forEach(data -> {
            SharedSession session = decode(data);
            if (session != null) {
                listener.opened(session);
            }
        });
    }

    @Override
    public boolean savedWithStatus() {
        return false;
    }

    private void heard(ChildData data) {
        if (data.getPath().equals(SESSIONS) || name(data).contains(":")) {
            return;
        }
        SharedSession session = decode(data);
        if (session != null) {
            listeners.forEach(l -> l.opened(session));
        }
    }

    private void heardGone(ChildData data) {
        if (!data.getPath().equals(SESSIONS) && !name(data).contains(":")) {
            SharedSession session = decode(data);
            if (session != null) {
                listeners.forEach(l -> l.ended(session.id()));
            }
        }
    }

    /** The session as its znode holds it: the id sealed. */
    private byte[] encode(SharedSession session) throws IOException {
        return JSON.writeValueAsBytes(new SharedSession(ids.seal(session.id()), session.user(), session.userLevel(),
                session.designated(), session.createdMillis(), session.lastUsedMillis()));
    }

    private SharedSession decode(ChildData data) {
        return decode(name(data), data.getData());
    }

    /** The session a znode named {@code name} holds, its id unsealed; null (logged) when it is not this cluster's. */
    private SharedSession decode(String name, byte[] data) {
        try {
            SharedSession stored = JSON.readValue(data, SharedSession.class);
            return new SharedSession(ids.open(name, stored.id()), stored.user(), stored.userLevel(), stored.designated(),
                    stored.createdMillis(), stored.lastUsedMillis());
        } catch (IOException | RuntimeException e) {
            LOG.warn("session entry {} is not readable; left out", name, e);
            return null;
        }
    }

    private static String name(ChildData data) {
        return name(data.getPath());
    }

    private static String name(String path) {
        return path.substring(path.lastIndexOf('/') + 1);
    }

    /** The znode of the session {@code sessionId}, named by the id's hash. */
    private static String path(String sessionId) {
        if (sessionId.isEmpty()) {
            throw new IllegalArgumentException("not a session id of a member");
        }
        return SESSIONS + "/" + SessionIds.znodeName(sessionId);
    }

    @Override
    public void close() {
        cache.close();
        lookups.shutdown();
    }
}
