package org.servicedomain.it.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingCluster;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.node.cluster.ClusterCredential;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.RunningNode;

/**
 * An in-process ensemble of real ZooKeeper servers for a test class (register it as a static
 * extension). A test starts the members of a cluster of a fresh name on it, each with a data
 * directory of its own and the members' ZooKeeper credential {@link #CREDENTIAL}, as a production
 * cluster has (docs/cluster.md); they stop, and their directories go, after the test. Tests that start a
 * ZooKeeper server of their own give their members {@link #CREDENTIAL} too, so every cluster test runs
 * authenticated.
 */
public final class ZooKeeperEnsemble implements BeforeAllCallback, AfterAllCallback, AfterEachCallback {

    private static final AtomicInteger CLUSTERS = new AtomicInteger();
    /** The credential every member of every test's cluster authenticates with. */
    public static final ClusterCredential CREDENTIAL = new ClusterCredential("sd-members", "members-password-of-the-tests");

    /** {@link #CREDENTIAL} as a launched member or {@code cluster-import} reads it: the environment variable {@code SD_CLUSTER_AUTH}. */
    public static Map<String, String> credentialEnvironment() {
        return Map.of("SD_CLUSTER_AUTH", CREDENTIAL.user() + ":" + CREDENTIAL.password());
    }

    private final int size;
    private final List<RunningNode> members = new ArrayList<>();
    private final List<Path> dataDirs = new ArrayList<>();
    private final List<CuratorFramework> clients = new ArrayList<>();
    private TestingCluster servers;
    private ClusterConfig cluster;
    private boolean membersForTheClass;

    ZooKeeperEnsemble(int size) {
        this.size = size;
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        servers = new TestingCluster(size);
        servers.start();
    }

    /**
     * Keeps the members started until the whole test class has run (start them in {@code @BeforeAll}), for a
     * class whose tests share one costly set-up; by default they stop after each test.
     */
    ZooKeeperEnsemble membersForTheClass() {
        membersForTheClass = true;
        return this;
    }

    @Override
    public void afterAll(ExtensionContext context) throws Exception {
        stopMembers();
        servers.close();
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        clients.forEach(CuratorFramework::close);
        clients.clear();
        if (!membersForTheClass) {
            stopMembers();
        }
    }

    private void stopMembers() throws IOException {
        for (int i = members.size() - 1; i >= 0; i--) {
            members.get(i).close();
        }
        members.clear();
        for (Path dir : dataDirs) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
        dataDirs.clear();
    }

    /** The servers, for a test that stops or restarts some of them. */
    TestingCluster servers() {
        return servers;
    }

    /** A ZooKeeper client with the members' credential, started; the caller closes it. */
    CuratorFramework membersClient() {
        CuratorFramework client = CuratorFrameworkFactory.builder().connectString(servers.getConnectString())
                .authorization("digest", (CREDENTIAL.user() + ":" + CREDENTIAL.password()).getBytes(StandardCharsets.UTF_8))
                .retryPolicy(new RetryOneTime(100)).build();
        client.start();
        return client;
    }

    /**
     * A ZooKeeper client without the members' credential, as anyone who reaches the ensemble has, connected;
     * closed after the test.
     */
    CuratorFramework anonymousClient() throws InterruptedException {
        CuratorFramework client = CuratorFrameworkFactory.newClient(servers.getConnectString(), new RetryOneTime(100));
        clients.add(client);
        client.start();
        if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
            throw new IllegalStateException("no ZooKeeper server answered within 10 s");
        }
        return client;
    }

    /** The key of the members' proofs, as {@code /secret} of the cluster started last holds it (read with the credential). */
    byte[] clusterSecret() throws Exception {
        try (CuratorFramework client = membersClient()) {
            return client.getData().forPath(cluster.root() + "/secret");
        }
    }

    /** The cluster of the members started last. */
    ClusterConfig cluster() {
        return cluster;
    }

    /** {@code count} members, with default settings, of a cluster nobody has used yet, named {@code prefix-N}. */
    List<RunningNode> startMembers(String prefix, int count) {
        return startMembers(prefix, count, UnaryOperator.identity());
    }

    /** As {@link #startMembers(String, int)}, each member's settings changed by {@code settings}. */
    List<RunningNode> startMembers(String prefix, int count, UnaryOperator<NodeConfig.Builder> settings) {
        cluster = new ClusterConfig(servers.getConnectString(), prefix + "-" + CLUSTERS.incrementAndGet(), CREDENTIAL);
        List<RunningNode> started = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            started.add(startMember(0, settings));
        }
        return started;
    }

    /** As {@link #startMembers(String, int)}, with the user {@code name} (level {@code gold}) added at the first member. */
    List<RunningNode> startMembersWithUser(String prefix, int count, String name, String password) throws HomeFault {
        List<RunningNode> started = startMembers(prefix, count);
        new DomainSetup(started.get(0).home()).user(name, password, "gold");
        return started;
    }

    /** One more member of this test's cluster, on loopback port {@code port} (0 for any). */
    RunningNode startMember(int port, UnaryOperator<NodeConfig.Builder> settings) {
        try {
            Path dir = Files.createTempDirectory("sd-member");
            dataDirs.add(dir);
            RunningNode member = RunningNode.start(settings.apply(NodeConfig.builder(dir).cluster(cluster)).build(), port);
            members.add(member);
            return member;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
