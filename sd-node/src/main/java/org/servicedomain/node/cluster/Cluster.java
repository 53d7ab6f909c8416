package org.servicedomain.node.cluster;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.function.DoubleSupplier;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.hierarchy.ChildStore;
import org.servicedomain.node.policy.PolicyStore;

/**
 * This node as a member of a cluster (docs/cluster.md): the ZooKeeper connection, the shared
 * catalog, policy, users, sessions, fixed choices, transaction history, child nodes and domain information, and, once
 * the node listens, its membership.
 */
public final class Cluster implements AutoCloseable {

    private final ClusterConnection connection;
    private final ZooKeeperCatalogStore catalogStore;
    private final ZooKeeperPolicyStore policyStore;
    private final String memberId;
    private final ZooKeeperEjections ejections;
    private final Leadership leadership;
    private final ZooKeeperUserDirectory users;
    private final ZooKeeperSessionStore sessions;
    private final MemberProof memberProof;
    private final ZooKeeperChildStore childStore;
    private volatile Membership membership;
    private ZooKeeperFixedChoices fixedChoices;
    private ZooKeeperSessionHistory sessionHistory;
    private ZooKeeperDomainInfoStore domainInfo;
    private volatile boolean contending;

    private Cluster(ClusterConnection connection, String memberId) throws IOException {
        this.connection = connection;
        this.memberId = memberId;
        this.catalogStore = new ZooKeeperCatalogStore(connection);
        this.policyStore = new ZooKeeperPolicyStore(connection);
        this.ejections = new ZooKeeperEjections(connection, memberId);
        this.leadership = new Leadership(connection, memberId);
        this.memberProof = MemberProof.load(connection.client());
        this.users = new ZooKeeperUserDirectory(connection);
        this.sessions = new ZooKeeperSessionStore(connection, memberId);
        this.childStore = new ZooKeeperChildStore(connection);
    }

    /**
     * Connects to the cluster's ensemble as the member whose id is kept in {@code dataDir} ({@link MemberIdentity};
     * made there at the first start); the node becomes a member with {@link #join}.
     */
    public static Cluster connect(ClusterConfig config, Path dataDir) throws IOException {
        String memberId = MemberIdentity.load(dataDir);
        ClusterConnection connection = ClusterConnection.open(config);
        try {
            return new Cluster(connection, memberId);
        } catch (IOException | RuntimeException e) {
            connection.close();
            throw e;
        }
    }

    /**
     * This member's id ({@code node-} and 8 hex digits, kept in the data directory, the same after a restart);
     * it begins the ids of sessions opened here.
     */
    public String memberId() {
        return memberId;
    }

    /** The cluster's users, shared by every member. */
    public ZooKeeperUserDirectory users() {
        return users;
    }

    /** The cluster's open sessions, shared by every member. */
    public ZooKeeperSessionStore sessions() {
        return sessions;
    }

    /**
     * The users' fixed choices, shared by every member, read from ZooKeeper the first time it is asked for;
     * at most {@code maxChoices} user and port pairs are kept.
     */
    public synchronized ZooKeeperFixedChoices fixedChoices(int maxChoices) throws IOException {
        if (fixedChoices == null) {
            fixedChoices = new ZooKeeperFixedChoices(connection, maxChoices);
        }
        return fixedChoices;
    }

    /** The sessions' transaction history, shared by every member, read from ZooKeeper the first time it is asked for. */
    public synchronized ZooKeeperSessionHistory sessionHistory() throws IOException {
        if (sessionHistory == null) {
            sessionHistory = new ZooKeeperSessionHistory(connection);
        }
        return sessionHistory;
    }

    /** The domain information, shared by every member, read from ZooKeeper the first time it is asked for. */
    public synchronized ZooKeeperDomainInfoStore domainInfo() throws IOException {
        if (domainInfo == null) {
            domainInfo = new ZooKeeperDomainInfoStore(connection);
        }
        return domainInfo;
    }

    /** The child nodes registered with any member (hierarchy). */
    public ChildStore childStore() {
        return childStore;
    }

    /** What proves a call to be a member's, e.g. asking this member to open a session. */
    public MemberProof memberProof() {
        return memberProof;
    }

    public ClusterConfig config() {
        return connection.config();
    }

    /** Whether the cluster's ZooKeeper answers, as last heard: a member without it refuses changes. */
    public boolean hasQuorum() {
        return connection.hasQuorum();
    }

    public CatalogStore catalogStore() {
        return catalogStore;
    }

    public PolicyStore policyStore() {
        return policyStore;
    }

    /** Publishes this node at {@code home} with its load index; once only. */
    public synchronized Membership join(URI home, DoubleSupplier loadIndex) throws IOException {
        if (membership != null) {
            throw new IllegalStateException("already a member, as " + memberId);
        }
        membership = Membership.join(connection, memberId, home, loadIndex);
        return membership;
    }

    /** The ejections every member honours and the leader probes; start reading them before the node serves. */
    public ZooKeeperEjections ejections() {
        return ejections;
    }

    /**
     * Takes part, from now on, in choosing the member that runs the shared chores; {@code listener}
     * hears when this member starts and stops leading, and who leads. Once only, after {@link #join}.
     */
    public synchronized void contend(Leadership.Listener listener) throws IOException {
        if (contending) {
            throw new IllegalStateException("member " + memberId + " already takes part in the leader election");
        }
        leadership.start(listener);
        contending = true;
    }

    /** Whether this member runs the shared chores now. */
    public boolean leads() {
        return leadership.leads();
    }

    /** The id of the member that runs the shared chores, as last heard; null while none does. */
    public String leaderId() {
        return leadership.leaderId();
    }

    /** The membership, or null before {@link #join}. */
    public Membership membership() {
        return membership;
    }

    /** The other members' home-port addresses; none before {@link #join}. */
    public List<URI> peers() {
        Membership current = membership;
        return current == null ? List.of() : current.peers();
    }

    /**
     * Leaves the membership, so the others stop sending work here, and hands the shared chores over;
     * the shared state stays readable.
     */
    public synchronized void leave() {
        if (contending) {
            leadership.close();
            contending = false;
        }
        Membership current = membership;
        if (current != null) {
            current.close();
            membership = null;
        }
    }

    /** Leaves the membership first, then closes the caches and the connection. */
    @Override
    public void close() {
        leave();
        synchronized (this) {
            if (fixedChoices != null) {
                fixedChoices.close();
            }
            if (sessionHistory != null) {
                sessionHistory.close();
            }
            if (domainInfo != null) {
                domainInfo.close();
            }
        }
        ejections.close();
        childStore.close();
        sessions.close();
        users.close();
        catalogStore.close();
        policyStore.close();
        connection.close();
    }
}
