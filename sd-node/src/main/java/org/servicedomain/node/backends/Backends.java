package org.servicedomain.node.backends;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.core.Readiness;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.engine.health.EjectionBoard;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.node.hierarchy.ChildStore;
import org.servicedomain.node.policy.PeerSettings;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.RecordedHistory;
import org.servicedomain.node.session.SessionStore;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/**
 * Everything that differs between a node of its own and a member of a cluster (docs/cluster.md): where
 * the catalog, policy, users, sessions, fixed choices, history, child nodes and domain information are
 * kept, and how the node takes part in a membership. The rest of the node asks these instead of asking
 * whether it is clustered: {@link LocalBackends} keeps everything in the data directory,
 * {@link ClusterBackends} in ZooKeeper.
 */
public interface Backends extends AutoCloseable {

    /** A cluster's backends when {@code cluster} names one (null for none), else those of {@code dataDir}. */
    static Backends open(ClusterConfig cluster, Path dataDir) throws IOException {
        return cluster == null ? new LocalBackends(dataDir) : ClusterBackends.connect(cluster, dataDir);
    }

    CatalogStore catalogStore();

    PolicyStore policyStore();

    UserDirectory users();

    /** Where open sessions are kept beyond this node's memory, if anywhere. */
    SessionStore sessionStore();

    /** Which instance served each session last, per virtual port. */
    RecordedHistory sessionHistory() throws IOException;

    /** Which instance each user is fixed to per virtual port; at most {@code maxChoices} pairs. */
    FixedChoices fixedChoices(int maxChoices) throws IOException;

    /** The child nodes registered with this node (or with any member). */
    ChildStore childStore();

    /** What an administrator says about the service domain itself. */
    DomainInfoStore domainInfo() throws IOException;

    /** Tells {@code changed} of each user another member changes; a node of its own changes them only itself. */
    void onUsersChanged(Consumer<User> changed);

    /** The name the node goes by among the nodes it works with: its member id, or {@code nodeName} on its own. */
    String selfName(String nodeName);

    /** How the audit trail names this node as the actor of what it does by itself. */
    String auditActor(String nodeName);

    /** Where instance ejections are posted so that every member honours them. */
    EjectionBoard ejections();

    /** Starts reading the ejections the others post, into {@code reader}; before the node serves. */
    void readEjections(EjectionBoard.Reader reader);

    /** Whether this node runs the shared chores (health probes, discovery polls): always on its own. */
    boolean leads();

    /** The peers offload and borrowing work with: the policy's list, or the other members. */
    PeerSettings peers(PeerSettings fromPolicy);

    /** Whether the peers are a cluster's members, so new requests are placed by the placement margin. */
    boolean placesOnMembers();

    /** Adds the readiness checks the backends need, e.g. a member's quorum. */
    void addChecks(Readiness readiness);

    /** Publishes the node, reachable at {@code home}, as a member; nothing on a node of its own. */
    void join(URI home, MemberDuties duties) throws IOException;

    /** Leaves the membership so the others stop sending work here; the shared state stays readable. */
    void leave();

    /** This member and its cluster's leader, for the load report; empty on a node of its own. */
    Optional<LoadReport.ClusterRole> role();

    /**
     * Checks a member's proof that it asks this member, at {@code path}, for a session of {@code user};
     * empty on a node of its own, which has no members to believe.
     */
    Optional<TimedSignature.Verdict> checkMember(String proof, String user, String path, Instant now);

    /** The cluster's name, for the operator's log; empty on a node of its own. */
    Optional<String> clusterName();

    @Override
    void close();
}
