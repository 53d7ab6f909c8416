package org.servicedomain.node.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.DoubleSupplier;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.servicedomain.node.core.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * This node's entry among the members: an ephemeral znode {@value #MEMBERS}/ID with its address and
 * load index, rewritten every {@link #REFRESH}, gone when the node stops or its ZooKeeper session
 * ends; and every member's entry, read from a {@link CuratorCache}.
 */
public final class Membership implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Membership.class);
    static final String MEMBERS = "/members";
    public static final Duration REFRESH = Duration.ofSeconds(1);
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private final Member self;
    private final DoubleSupplier loadIndex;
    private final PersistentNode entry;
    private final CuratorCache members;
    private final ScheduledExecutorService ticker;

    private Membership(ClusterConnection connection, Member self, DoubleSupplier loadIndex) throws IOException {
        this.self = self;
        this.loadIndex = loadIndex;
        this.members = CuratorCache.build(connection.client(), MEMBERS);
        members.start();
        this.entry = new PersistentNode(connection.client(), CreateMode.EPHEMERAL, false, MEMBERS + "/" + self.id(),
                encode(self));
        entry.start();
        this.ticker = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("sd-cluster-membership"));
        ticker.scheduleWithFixedDelay(this::refresh, REFRESH.toMillis(), REFRESH.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Joins: publishes {@code id} at {@code home}, its load index read from {@code loadIndex} every {@link #REFRESH}. */
    public static Membership join(ClusterConnection connection, String id, URI home, DoubleSupplier loadIndex)
            throws IOException {
        Membership membership = new Membership(connection, new Member(id, home, loadIndex.getAsDouble()), loadIndex);
        LOG.info("joined cluster {} as member {} at {}", connection.config().name(), id, home);
        return membership;
    }

    /** This node as a member. */
    public Member self() {
        return self;
    }

    /** The members as the cache holds them now, this one included, by id. */
    public List<Member> members() {
        List<Member> list = new ArrayList<>();
        members.stream().filter(data -> !data.getPath().equals(MEMBERS)).forEach(data -> {
            Member member = decode(data);
            if (member != null) {
                list.add(member);
            }
        });
        list.sort(Comparator.comparing(Member::id));
        return list;
    }

    /** The home-port addresses of the other members: the peers offload and borrowing work with. */
    public List<URI> peers() {
        return members().stream().filter(m -> !m.id().equals(self.id())).map(Member::home).toList();
    }

    private void refresh() {
        try {
            entry.setData(encode(new Member(self.id(), self.home(), loadIndex.getAsDouble())));
        } catch (Exception e) {
            LOG.warn("could not refresh this member's entry; ZooKeeper may be unreachable", e);
        }
    }

    private static byte[] encode(Member member) throws IOException {
        return JSON.writeValueAsBytes(member);
    }

    private static Member decode(ChildData data) {
        try {
            return data.getData() == null || data.getData().length == 0 ? null : JSON.readValue(data.getData(), Member.class);
        } catch (IOException e) {
            LOG.warn("member entry {} is not readable; left out", data.getPath(), e);
            return null;
        }
    }

    /** Leaves: the entry is deleted first, so the others stop sending work here. */
    @Override
    public void close() {
        ticker.shutdownNow();
        try {
            entry.close();
        } catch (IOException e) {
            LOG.warn("could not delete this member's entry; it goes when the ZooKeeper session ends", e);
        }
        members.close();
        LOG.info("left the cluster as member {}", self.id());
    }
}
