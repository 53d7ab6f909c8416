package org.servicedomain.it.cluster;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.testsupport.RunningNode;

/**
 * An in-process ensemble of real ZooKeeper servers for a test class (register it as a static
 * extension); each test takes a cluster of a fresh name on it and starts its members there.
 */
final class ZooKeeperEnsemble implements BeforeAllCallback, AfterAllCallback {

    private static final AtomicInteger CLUSTERS = new AtomicInteger();

    private final int size;
    private TestingCluster servers;

    ZooKeeperEnsemble(int size) {
        this.size = size;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        servers = new TestingCluster(size);
        servers.start();
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        servers.close();
    }

    /** The servers, for a test that stops or restarts some of them. */
    TestingCluster servers() {
        return servers;
    }

    /** A cluster nobody has used yet, named {@code prefix-N}. */
    ClusterConfig freshCluster(String prefix) {
        return new ClusterConfig(servers.getConnectString(), prefix + "-" + CLUSTERS.incrementAndGet());
    }

    /** A member of {@code cluster} keeping its state in {@code dataDir}, with default settings otherwise. */
    static RunningNode member(Path dataDir, ClusterConfig cluster) {
        return RunningNode.start(NodeConfig.builder(dataDir).cluster(cluster).build());
    }
}
