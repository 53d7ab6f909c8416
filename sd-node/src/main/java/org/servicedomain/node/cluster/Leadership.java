package org.servicedomain.node.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Comparator;
import java.util.Objects;
import java.util.Optional;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.recipes.leader.LeaderLatch;
import org.apache.curator.framework.recipes.leader.LeaderLatchListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which member runs the cluster's shared chores (health probes of ejected instances, the discovery
 * poll of child nodes): one at a time, chosen by Curator's {@link LeaderLatch} under {@value #LEADER}.
 * When the leader leaves, or its ZooKeeper session ends, the next member in the latch takes over;
 * a member that loses its connection stops leading at once. Every member also reads the latch's
 * entries through a {@link CuratorCache}, so it can tell who leads without asking ZooKeeper.
 */
public final class Leadership implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Leadership.class);
    static final String LEADER = "/leader";
    private static final String LATCH_MARK = "latch-";

    /** What a member hears as leadership moves. */
    public interface Listener {

        /** This member now leads ({@code true}) or no longer does. */
        void leads(boolean leads);

        /** The cluster's leader is now {@code leaderId} ({@code null}: none, for the moment). */
        void leaderChanged(String leaderId);
    }

    private final String memberId;
    private final LeaderLatch latch;
    private final CuratorCache entries;
    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private volatile String leaderId;
    /** Whether the cache has read every entry once: before, a partial view could name the wrong leader. */
    private volatile boolean initialized;

    Leadership(ClusterConnection connection, String memberId) {
        this.memberId = memberId;
        this.latch = new LeaderLatch(connection.client(), LEADER, memberId);
        this.entries = CuratorCache.build(connection.client(), LEADER);
        latch.addListener(new LeaderLatchListener() {
            @Override
            public void isLeader() {
                LOG.info("this member ({}) now leads the cluster's shared chores", memberId);
                listeners.forEach(l -> l.leads(true));
            }

            @Override
            public void notLeader() {
                LOG.info("this member ({}) no longer leads the cluster's shared chores", memberId);
                listeners.forEach(l -> l.leads(false));
            }
        });
        entries.listenable().addListener(CuratorCacheListener.builder()
                .forAll((type, oldData, data) -> {
                    if (initialized) {
                        findLeader();
                    }
                })
                .forInitialized(() -> {
                    initialized = true;
                    findLeader();
                })
                .build());
    }

    /** Starts contending, and hearing who leads; {@code listener} hears every change from now on. */
    void start(Listener listener) throws IOException {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        entries.start();
        try {
            latch.start();
        } catch (Exception e) {
            throw ZooKeeperFailure.of("take part in the leader election", e);
        }
    }

    /** Whether this member leads now. */
    public boolean leads() {
        return latch.hasLeadership();
    }

    /** The leading member's id as last heard, or null while none leads. */
    public String leaderId() {
        return leaderId;
    }

    /**
     * The latch's entries are sequential znodes {@code ..latch-NNNNNNNNNN} holding the member's id;
     * the lowest sequence leads (as {@link LeaderLatch} decides).
     */
    private synchronized void findLeader() {
        Optional<ChildData> first = entries.stream()
                .filter(data -> data.getPath().contains(LATCH_MARK))
                .min(Comparator.comparing(Leadership::sequence));
        String found = first.map(data -> new String(data.getData(), StandardCharsets.UTF_8)).orElse(null);
        if (!Objects.equals(found, leaderId)) {
            leaderId = found;
            LOG.info(found == null ? "no member leads the cluster's shared chores for the moment"
                    : "member {} leads the cluster's shared chores", found);
            listeners.forEach(l -> l.leaderChanged(found));
        }
    }

    private static String sequence(ChildData data) {
        String path = data.getPath();
        return path.substring(path.lastIndexOf(LATCH_MARK) + LATCH_MARK.length());
    }

    /** Stops contending: another member takes the chores over at once. */
    @Override
    public void close() {
        try {
            latch.close(LeaderLatch.CloseMode.NOTIFY_LEADER);
        } catch (IOException | IllegalStateException e) {
            LOG.warn("could not leave the leader election; its entry goes when the ZooKeeper session ends", e);
        }
        entries.close();
        LOG.info("member {} left the leader election", memberId);
    }
}
