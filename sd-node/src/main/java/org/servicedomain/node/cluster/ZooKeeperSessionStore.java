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
import org.servicedomain.node.session.SessionStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's open sessions: one persistent znode {@value #SESSIONS}/ID per session, created by the
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

    /** The sessions of the cluster, as member {@code memberId}. */
    public ZooKeeperSessionStore(ClusterConnection connection, String memberId) throws IOException {
        this(connection, memberId, Clock.systemUTC());
    }

    /** As {@link #ZooKeeperSessionStore(ClusterConnection, String)}, ids found absent forgotten by {@code clock}. */
    public ZooKeeperSessionStore(ClusterConnection connection, String memberId, Clock clock) throws IOException {
        this.client = connection.client();
        this.absent = new AbsentSessions(clock);
        this.lookups = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "sd-session-lookup");
            thread.setDaemon(true);
            return thread;
        });
        this.reads = new SessionReads(client, lookups, absent);
        this.connection = connection;
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
            client.create().creatingParentsIfNeeded().forPath(path(session.id()), JSON.writeValueAsBytes(session));
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
            }).forPath(path(session.id()), JSON.writeValueAsBytes(session));
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
     * real, and only once; without quorum an id the cache does not hold is refused at once.
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
        return reads.read(sessionId, path).thenApply(data -> data.map(ZooKeeperSessionStore::decode));
    }

    /** How many ids found absent are remembered now, for tests. */
    int absentCount() {
        return absent.size();
    }

    @Override
    public void listen(Listener listener) {
        listeners.add(listener);
        cache.stream().filter(data -> !data.getPath().equals(SESSIONS)).forEach(data -> {
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
        if (data.getPath().equals(SESSIONS)) {
            return;
        }
        SharedSession session = decode(data);
        if (session != null) {
            listeners.forEach(l -> l.opened(session));
        }
    }

    private void heardGone(ChildData data) {
        if (!data.getPath().equals(SESSIONS)) {
            String id = data.getPath().substring(SESSIONS.length() + 1);
            listeners.forEach(l -> l.ended(id));
        }
    }

    private static SharedSession decode(ChildData data) {
        return decode(data.getData());
    }

    private static SharedSession decode(byte[] data) {
        try {
            return JSON.readValue(data, SharedSession.class);
        } catch (IOException | RuntimeException e) {
            LOG.warn("session entry is not readable; left out", e);
            return null;
        }
    }

    private static String path(String sessionId) {
        if (sessionId.isEmpty() || sessionId.contains("/") || sessionId.equals(".") || sessionId.equals("..")) {
            throw new IllegalArgumentException("not a session id of a member");
        }
        return SESSIONS + "/" + sessionId;
    }

    @Override
    public void close() {
        cache.close();
        lookups.shutdown();
    }
}
