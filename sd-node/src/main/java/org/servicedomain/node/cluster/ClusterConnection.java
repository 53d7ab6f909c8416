package org.servicedomain.node.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's one ZooKeeper session, through Curator, with every path relative to the cluster's root
 * ({@link ClusterConfig#root()}); Curator reconnects and retries on its own.
 */
public final class ClusterConnection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterConnection.class);
    /** How long opening waits for the ensemble before the node refuses to start. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final ClusterConfig config;
    private final CuratorFramework client;

    private ClusterConnection(ClusterConfig config, CuratorFramework client) {
        this.config = config;
        this.client = client;
    }

    /** Connects to the ensemble; fails when it cannot be reached within {@link #CONNECT_TIMEOUT}. */
    public static ClusterConnection open(ClusterConfig config) throws IOException {
        CuratorFramework client = CuratorFrameworkFactory.builder()
                .connectString(config.zookeeper())
                .namespace(config.root().substring(1))
                .sessionTimeoutMs(10_000)
                .connectionTimeoutMs(5_000)
                .retryPolicy(new ExponentialBackoffRetry(200, 5, 2_000))
                .build();
        client.start();
        try {
            if (!client.blockUntilConnected((int) CONNECT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                client.close();
                throw new IOException("ZooKeeper at " + config.zookeeper() + " could not be reached within "
                        + CONNECT_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            client.close();
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to ZooKeeper at " + config.zookeeper(), e);
        }
        LOG.info("connected to ZooKeeper at {} as a member of cluster {}", config.zookeeper(), config.name());
        return new ClusterConnection(config, client);
    }

    public ClusterConfig config() {
        return config;
    }

    /** The Curator client, its paths relative to the cluster's root. */
    public CuratorFramework client() {
        return client;
    }

    @Override
    public void close() {
        client.close();
    }
}
