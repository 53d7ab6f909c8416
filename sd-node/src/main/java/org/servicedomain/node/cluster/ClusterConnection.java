package org.servicedomain.node.cluster;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.retry.BoundedExponentialBackoffRetry;
import org.apache.curator.utils.DebugUtils;
import org.servicedomain.node.core.DaemonThreads;
import org.servicedomain.node.core.FaultCode;
import org.servicedomain.node.core.NodeFault;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The node's one ZooKeeper session, through Curator, with every path relative to the cluster's root
 * ({@link ClusterConfig#root()}); Curator reconnects and retries on its own. With a
 * {@link ClusterCredential} the session authenticates and every znode is the credential's alone ({@link MemberAcls}).
 */
public final class ClusterConnection implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ClusterConnection.class);
    /** How long opening waits for the ensemble before the node refuses to start. */
    static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(15);

    private final ClusterConfig config;
    private final CuratorFramework client;
    private final ExecutorService notifications;
    private final NotificationThread notificationThread;
    private volatile boolean connected = true;
    private long lostAt;

    private ClusterConnection(ClusterConfig config, CuratorFramework client, ExecutorService notifications,
            NotificationThread notificationThread) {
        this.config = config;
        this.client = client;
        this.notifications = notifications;
        this.notificationThread = notificationThread;
        client.getConnectionStateListenable().addListener((c, state) -> changed(state));
    }

    /**
     * One line per change of state, not per attempt: a WARN when ZooKeeper is lost, an INFO when the
     * session expires meanwhile, an INFO when it is back (ZooKeeper's and Curator's own per-attempt lines are
     * kept out of the log, see {@link #open}).
     */
    private synchronized void changed(ConnectionState state) {
        boolean was = connected;
        connected = state.isConnected();
        if (was && !connected) {
            lostAt = System.nanoTime();
            LOG.warn("this member lost ZooKeeper at {} ({}): serving from the cached state, refusing changes until ZooKeeper is back",
                    config.zookeeper(), state);
        } else if (!was && connected) {
            LOG.info("ZooKeeper is back at {} ({}) after {} s: changes are accepted again", config.zookeeper(), state,
                    Duration.ofNanos(System.nanoTime() - lostAt).toSeconds());
        } else if (state == ConnectionState.LOST) {
            LOG.info("the ZooKeeper session of this member expired while ZooKeeper was away; a new one starts when it is back");
        }
    }

    /** Whether ZooKeeper answers (the session is connected to a server with quorum), as last heard. */
    public boolean hasQuorum() {
        return connected;
    }

    /**
     * Throws a {@link FaultCode#NoQuorum} fault, without waiting for ZooKeeper, while the connection is
     * suspended or lost (no quorum, or no server reachable): the node keeps serving from its caches and
     * refuses changes until it is back.
     */
    void requireQuorum() {
        if (!connected) {
            throw noQuorum(null);
        }
    }

    /** The fault of a change refused for want of a ZooKeeper quorum; {@code cause} may be null. */
    NodeFault noQuorum(Throwable cause) {
        return new NodeFault(FaultCode.NoQuorum, "the cluster " + config.name() + " has no ZooKeeper quorum (ZooKeeper at "
                + config.zookeeper() + "); the node serves what it has but refuses changes until the quorum returns", cause);
    }

    /** Connects to the ensemble; fails when it cannot be reached within {@link #CONNECT_TIMEOUT}. */
    public static ClusterConnection open(ClusterConfig config) throws IOException {
        NotificationThread notificationThread = new NotificationThread();
        ExecutorService notifications = Executors.newSingleThreadExecutor(notificationThread);
        CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
                .runSafeService(notifications)
                .connectString(config.zookeeper())
                .namespace(config.root().substring(1))
                .sessionTimeoutMs(10_000)
                .connectionTimeoutMs(5_000)
                .retryPolicy(new BoundedExponentialBackoffRetry(200, 2_000, 5)); // capped without a warning per retry
        if (config.credential() != null) {
            builder.authorization("digest", config.credential().digestAuth()).aclProvider(new MemberAcls());
        } else {
            LOG.warn("cluster {} has no --cluster-auth credential: anyone who reaches ZooKeeper at {} can read its sessions,"
                    + " users and secrets and change them (docs/cluster.md, 'Securing ZooKeeper')", config.name(), config.zookeeper());
        }
        quietConnectionIssues();
        CuratorFramework client = builder.build();
        client.start();
        try {
            if (!client.blockUntilConnected((int) CONNECT_TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                close(client, notifications, notificationThread);
                throw new IOException("ZooKeeper at " + config.zookeeper() + " could not be reached within "
                        + CONNECT_TIMEOUT.toSeconds() + " s");
            }
        } catch (InterruptedException e) {
            close(client, notifications, notificationThread);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while connecting to ZooKeeper at " + config.zookeeper(), e);
        }
        LOG.info("connected to ZooKeeper at {} as a member of cluster {}", config.zookeeper(), config.name());
        if (config.credential() != null) {
            tighten(config, client, notifications, notificationThread);
        }
        return new ClusterConnection(config, client, notifications, notificationThread);
    }

    /**
     * Keeps Curator from logging every background operation that fails for want of ZooKeeper (an ERROR
     * with a stack trace each, ~400 lines a minute): the member says it lost ZooKeeper once, and the
     * refusals go to their callers. A JVM-wide Curator switch, left alone when the process set it.
     */
    private static void quietConnectionIssues() {
        if (System.getProperty(DebugUtils.PROPERTY_DONT_LOG_CONNECTION_ISSUES) == null) {
            System.setProperty(DebugUtils.PROPERTY_DONT_LOG_CONNECTION_ISSUES, "true");
        }
    }

    /** Makes the cluster's znodes created open (by an earlier release) the credential's alone; closes the client on failure. */
    private static void tighten(ClusterConfig config, CuratorFramework client, ExecutorService notifications,
            NotificationThread notificationThread) throws IOException {
        try {
            int changed = MemberAcls.tighten(client);
            if (changed > 0) {
                LOG.info("made {} znodes of cluster {} that anyone could use readable and writable by the credential of user {} alone",
                        changed, config.name(), config.credential().user());
            }
        } catch (IOException | RuntimeException e) {
            close(client, notifications, notificationThread);
            throw e;
        }
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
        close(client, notifications, notificationThread);
    }

    /**
     * Closes the session, then waits (a few seconds at most) for Curator's notification thread, which the
     * node owns so that a WAR that is undeployed leaves no thread behind.
     */
    private static void close(CuratorFramework client, ExecutorService notifications, NotificationThread thread) {
        client.close();
        notifications.shutdown();
        try {
            if (!thread.join(5_000)) {
                LOG.warn("Curator's notification thread did not end within 5 s of closing the ZooKeeper session");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Makes Curator's one notification thread and keeps it, so that closing can wait until it has ended. */
    private static final class NotificationThread implements ThreadFactory {

        private volatile Thread thread;

        @Override
        public Thread newThread(Runnable task) {
            Thread made = DaemonThreads.named("sd-cluster-notify").newThread(task);
            thread = made;
            return made;
        }

        /** Waits at most {@code millis} for the thread to end; true when it has (or none was made). */
        boolean join(long millis) throws InterruptedException {
            Thread made = thread;
            if (made == null) {
                return true;
            }
            made.join(millis);
            return !made.isAlive();
        }
    }
}
