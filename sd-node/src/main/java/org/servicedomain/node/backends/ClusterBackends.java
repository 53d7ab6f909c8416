package org.servicedomain.node.backends;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.cluster.Cluster;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.cluster.LeaderChores;
import org.servicedomain.node.cluster.LeastLoadedPlacement;
import org.servicedomain.node.cluster.Membership;
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
import org.servicedomain.node.session.SessionPlacement;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.SessionStore;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/**
 * A member of a cluster: everything shared in ZooKeeper through its {@link Cluster}; once it joins, it
 * places new sessions on the least-loaded member and takes part in choosing the leader.
 */
final class ClusterBackends implements Backends {

    private final Cluster cluster;
    private SessionRegistry placing;

    private ClusterBackends(Cluster cluster) {
        this.cluster = cluster;
    }

    static ClusterBackends connect(ClusterConfig config, Path dataDir) throws IOException {
        return new ClusterBackends(Cluster.connect(config, dataDir));
    }

    @Override
    public CatalogStore catalogStore() {
        return cluster.catalogStore();
    }

    @Override
    public PolicyStore policyStore() {
        return cluster.policyStore();
    }

    @Override
    public UserDirectory users() {
        return cluster.users();
    }

    @Override
    public SessionStore sessionStore() {
        return cluster.sessions();
    }

    @Override
    public RecordedHistory sessionHistory() throws IOException {
        return cluster.sessionHistory();
    }

    @Override
    public FixedChoices fixedChoices(int maxChoices) throws IOException {
        return cluster.fixedChoices(maxChoices);
    }

    @Override
    public ChildStore childStore() {
        return cluster.childStore();
    }

    @Override
    public DomainInfoStore domainInfo() throws IOException {
        return cluster.domainInfo();
    }

    @Override
    public void onUsersChanged(Consumer<User> changed) {
        cluster.users().onChange(changed);
    }

    @Override
    public String selfName(String nodeName) {
        return cluster.memberId();
    }

    @Override
    public String auditActor(String nodeName) {
        return "member " + cluster.memberId();
    }

    @Override
    public EjectionBoard ejections() {
        return cluster.ejections();
    }

    @Override
    public void readEjections(EjectionBoard.Reader reader) {
        cluster.ejections().start(reader);
    }

    @Override
    public boolean leads() {
        return cluster.leads();
    }

    @Override
    public PeerSettings peers(PeerSettings fromPolicy) {
        return fromPolicy.withPeers(cluster.peers());
    }

    @Override
    public boolean placesOnMembers() {
        return true;
    }

    @Override
    public void addChecks(Readiness readiness) {
        // readiness is open to every caller: it names no ZooKeeper address, no cluster name
        readiness.add(Readiness.when("cluster", cluster::hasQuorum, "no quorum"));
    }

    @Override
    public synchronized void join(URI home, MemberDuties duties) throws IOException {
        Membership membership = cluster.join(home, duties.loadIndex());
        LeastLoadedPlacement placement = new LeastLoadedPlacement(membership, duties.loadIndex(), duties.placementMargin(),
                cluster.memberProof(), duties.members(), duties.timeout(), duties.clock());
        placing = duties.sessions();
        placing.setPlacement(placement);
        cluster.contend(new LeaderChores(duties.health(), duties.events(), duties.meters(), cluster::leads));
    }

    @Override
    public synchronized void leave() {
        if (placing != null) {
            placing.setPlacement(SessionPlacement.HERE);
        }
        cluster.leave();
    }

    @Override
    public Optional<LoadReport.ClusterRole> role() {
        return Optional.of(new LoadReport.ClusterRole(cluster.memberId(), cluster.leaderId()));
    }

    @Override
    public Optional<TimedSignature.Verdict> checkMember(String proof, String user, String path, Instant now) {
        return Optional.of(cluster.memberProof().verify(proof, user, cluster.memberId(), path, now));
    }

    @Override
    public Optional<String> clusterName() {
        return Optional.of(cluster.config().name());
    }

    @Override
    public void close() {
        cluster.close();
    }
}
