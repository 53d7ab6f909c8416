package org.servicedomain.node.cluster;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.api.CuratorEventType;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.KeeperException;
import org.servicedomain.node.engine.health.EjectionBoard;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The cluster's ejections: one persistent znode {@value #EJECTIONS}/INSTANCE per ejected instance,
 * holding who ejected it and why. Persistent, so an ejection outlives the member that posted it;
 * the leader deletes it when its probe passes. Every member reads them through a {@link CuratorCache}
 * and hands each creation and deletion to its health ({@link EjectionBoard.Reader}).
 */
public final class ZooKeeperEjections implements EjectionBoard, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ZooKeeperEjections.class);
    static final String EJECTIONS = "/ejections";
    private static final ObjectMapper JSON = new ObjectMapper()
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /** What {@value #EJECTIONS}/INSTANCE holds: the member that ejected the instance, and why. */
    record Posting(String by, String why) {
    }

    private final ClusterConnection connection;
    private final CuratorFramework client;
    private final String memberId;
    private final CuratorCache cache;

    ZooKeeperEjections(ClusterConnection connection, String memberId) {
        this.connection = connection;
        this.client = connection.client();
        this.memberId = memberId;
        this.cache = CuratorCache.build(client, EJECTIONS);
    }

    /** Starts reading the board: {@code reader} hears every ejection already posted, then each change. */
    public void start(EjectionBoard.Reader reader) {
        cache.listenable().addListener(CuratorCacheListener.builder()
                .forCreates(created -> {
                    if (!created.getPath().equals(EJECTIONS)) {
                        Posting posting = decode(created);
                        reader.posted(instanceOf(created), posting.why(), posting.by());
                    }
                })
                .forDeletes(deleted -> {
                    if (!deleted.getPath().equals(EJECTIONS)) {
                        reader.takenDown(instanceOf(deleted));
                    }
                })
                .build());
        cache.start();
    }

    @Override
    public void post(String instanceId, String why, Consumer<String> notPosted) {
        try {
            connection.requireQuorum();
            client.create().creatingParentsIfNeeded().inBackground((c, event) -> {
                KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
                if (code != KeeperException.Code.OK && code != KeeperException.Code.NODEEXISTS) {
                    notPosted.accept("ZooKeeper answered " + code);
                }
            }).forPath(path(instanceId), JSON.writeValueAsBytes(new Posting(memberId, why)));
        } catch (Exception e) {
            notPosted.accept(e.getMessage());
        }
    }

    @Override
    public void takeDown(String instanceId) {
        try {
            client.delete().quietly().inBackground((c, event) -> {
                KeeperException.Code code = KeeperException.Code.get(event.getResultCode());
                if (event.getType() == CuratorEventType.DELETE && code != KeeperException.Code.OK
                        && code != KeeperException.Code.NONODE) {
                    LOG.warn("could not take down the ejection of instance {} (ZooKeeper answered {}); the next leader"
                            + " probes it again", instanceId, code);
                }
            }).forPath(path(instanceId));
        } catch (Exception e) {
            LOG.warn("could not take down the ejection of instance {}; the next leader probes it again", instanceId, e);
        }
    }

    private static String path(String instanceId) {
        return EJECTIONS + "/" + instanceId;
    }

    private static String instanceOf(ChildData data) {
        return data.getPath().substring(EJECTIONS.length() + 1);
    }

    private static Posting decode(ChildData data) {
        try {
            return JSON.readValue(data.getData(), Posting.class);
        } catch (IOException | RuntimeException e) {
            LOG.warn("ejection {} is not readable; taken as posted by an unknown member", data.getPath(), e);
            return new Posting("an unknown member", "unreadable posting");
        }
    }

    @Override
    public void close() {
        cache.close();
    }
}
