package org.servicedomain.node.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real ZooKeeper server for a test class (register it as a static extension), and a cluster of
 * a fresh name for each test, its members authenticating with {@link #CREDENTIAL}; whatever a test opens through it is closed after the test, last first.
 */
final class OneZooKeeper implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    private static final AtomicInteger CLUSTERS = new AtomicInteger();
    /** The credential of every test's members. */
    static final ClusterCredential CREDENTIAL = new ClusterCredential("sd-members", "members-password-of-the-tests");

    private final String prefix;
    private final List<AutoCloseable> opened = new ArrayList<>();
    private TestingServer server;
    private ClusterConfig cluster;

    /** @param prefix the start of each test's cluster name */
    OneZooKeeper(String prefix) {
        this.prefix = prefix;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        server = new TestingServer(true);
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        server.close();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        cluster = new ClusterConfig(server.getConnectString(), prefix + "-" + CLUSTERS.incrementAndGet(), CREDENTIAL);
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (int i = opened.size() - 1; i >= 0; i--) {
            opened.get(i).close();
        }
        opened.clear();
    }

    TestingServer server() {
        return server;
    }

    /** This test's cluster. */
    ClusterConfig cluster() {
        return cluster;
    }

    /** Makes {@code other} this test's cluster, e.g. one on a server of the test's own. */
    void useCluster(ClusterConfig other) {
        cluster = other;
    }

    /** A new member's connection to this test's cluster. */
    ClusterConnection connection() {
        try {
            return closeAfterTest(ClusterConnection.open(cluster));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    <T extends AutoCloseable> T closeAfterTest(T resource) {
        opened.add(resource);
        return resource;
    }
}
