package org.servicedomain.node.backends;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;
import org.servicedomain.node.catalog.CatalogStore;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.core.Readiness;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.domain.FileDomainInfoStore;
import org.servicedomain.node.engine.health.EjectionBoard;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.node.hierarchy.ChildStore;
import org.servicedomain.node.hierarchy.FileChildStore;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PeerSettings;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.node.session.FileUserDirectory;
import org.servicedomain.node.session.FixedChoiceStore;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.LocalSessionStore;
import org.servicedomain.node.session.RecordedHistory;
import org.servicedomain.node.session.SessionStore;
import org.servicedomain.node.session.TransactionHistory;
import org.servicedomain.node.session.User;
import org.servicedomain.node.session.UserDirectory;

/** A node of its own: everything in its data directory, the sessions' history and choices saved with its status. */
final class LocalBackends implements Backends {

    private final Path dataDir;
    private final CatalogStore catalogStore;
    private final PolicyStore policyStore;
    private final UserDirectory users;
    private final ChildStore childStore;

    LocalBackends(Path dataDir) throws IOException {
        this.dataDir = dataDir;
        this.catalogStore = new FileCatalogStore(dataDir);
        this.policyStore = new FilePolicyStore(dataDir);
        this.users = new FileUserDirectory(dataDir);
        this.childStore = new FileChildStore(dataDir);
    }

    @Override
    public CatalogStore catalogStore() {
        return catalogStore;
    }

    @Override
    public PolicyStore policyStore() {
        return policyStore;
    }

    @Override
    public UserDirectory users() {
        return users;
    }

    @Override
    public SessionStore sessionStore() {
        return LocalSessionStore.INSTANCE;
    }

    @Override
    public RecordedHistory sessionHistory() {
        return new TransactionHistory();
    }

    @Override
    public FixedChoices fixedChoices(int maxChoices) {
        return new FixedChoiceStore(maxChoices);
    }

    @Override
    public ChildStore childStore() {
        return childStore;
    }

    @Override
    public DomainInfoStore domainInfo() throws IOException {
        return FileDomainInfoStore.open(dataDir);
    }

    @Override
    public void onUsersChanged(Consumer<User> changed) {
        // only this node changes its users, and it refreshes the sessions itself when it does
    }

    @Override
    public String selfName(String nodeName) {
        return nodeName;
    }

    @Override
    public String auditActor(String nodeName) {
        return "node " + nodeName;
    }

    @Override
    public EjectionBoard ejections() {
        return EjectionBoard.NONE;
    }

    @Override
    public void readEjections(EjectionBoard.Reader reader) {
        // nobody else posts ejections
    }

    @Override
    public boolean leads() {
        return true;
    }

    @Override
    public PeerSettings peers(PeerSettings fromPolicy) {
        return fromPolicy;
    }

    @Override
    public boolean placesOnMembers() {
        return false;
    }

    @Override
    public void addChecks(Readiness readiness) {
        // the data directory is there once the node has opened it
    }

    @Override
    public void join(URI home, MemberDuties duties) {
        // a node of its own has no membership to publish
    }

    @Override
    public void leave() {
        // nor one to leave
    }

    @Override
    public Optional<LoadReport.ClusterRole> role() {
        return Optional.empty();
    }

    @Override
    public Optional<TimedSignature.Verdict> checkMember(String proof, String user, String path, Instant now) {
        return Optional.empty();
    }

    @Override
    public Optional<String> clusterName() {
        return Optional.empty();
    }

    @Override
    public void close() {
        // the file stores hold nothing open
    }
}
