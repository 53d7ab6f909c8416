package org.servicedomain.node;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.EndpointNetworks;
import org.servicedomain.node.catalog.HttpWsdlSource;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.monitor.SavedLatencies;
import org.servicedomain.node.engine.selection.SelectionInputs;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.session.FixedChoiceStore;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.Logins;
import org.servicedomain.node.session.RecordedHistory;
import org.servicedomain.node.session.SavedSessions;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.TransactionHistory;
import org.servicedomain.node.session.UserDirectory;
import org.servicedomain.node.storage.StatusStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the node keeps, where its {@link Backends} say: the catalog, the active policy, the users and
 * their sessions with the sessions' history and fixed choices, the domain information, and the status
 * saved across restarts.
 */
public final class NodeState implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(NodeState.class);

    private final Catalog catalog;
    private final UserDirectory users;
    private final SessionRegistry sessions;
    private final Logins logins;
    private final RecordedHistory history;
    private final FixedChoices fixedChoices;
    private final ActivePolicy policy;
    private final DomainInfoStore domainInfo;
    private final StatusStore status;

    NodeState(NodeConfig config, Backends backends, HttpWsdlSource wsdlSource, NodeObservation observation)
            throws IOException {
        this.catalog = Catalog.open(backends.catalogStore(), wsdlSource, new EndpointNetworks(config.permittedAddresses()),
                config.stateLimits());
        this.users = backends.users();
        DataDirectory.requireUsersIfTheyExisted(config.dataDir(), users);
        this.history = backends.sessionHistory();
        this.sessions = new SessionRegistry(users, backends.sessionStore(), config.clock());
        backends.onUsersChanged(sessions::refresh);
        sessions.addListener(history);
        sessions.addListener(observation.sessionActivity());
        this.logins = new Logins(sessions, config.loginLimits(), config.clock());
        InstanceMonitor monitor = observation.monitor();
        this.fixedChoices = backends.fixedChoices(config.stateLimits().maxFixedChoices());
        SelectorRegistry selectors = SelectorRegistry.standard(
                new SelectionInputs(ThreadLocalRandom::current, monitor, history, fixedChoices));
        this.policy = ActivePolicy.open(backends.policyStore(),
                new PolicyCompiler(selectors, ComposerRegistry.standard(), () -> portsAndOperations(catalog),
                        catalog::checkPlacement), active -> {
                    applySessionSettings(active, sessions);
                    placeCompatiblePortTypes(active, catalog);
                    observation.policyActivated(active);
                });
        this.status = restoredStatus(config, monitor);
        this.domainInfo = backends.domainInfo();
        catalog.onUnregister(instance -> fixedChoices.forgetInstance(instance.id()));
        catalog.onPortRemoved(fixedChoices::forgetPort);
    }

    /**
     * The status selection learnt before the last stop, restored for the instances still in the
     * catalog: response times, users' fixed choices, and the open sessions with their transaction
     * history (a session whose user is gone, or idle longer than the active policy allows, stays
     * closed, and its history goes). Sessions ended on purpose are saved at once, so a node killed
     * before the next interval does not reopen them.
     */
    private StatusStore restoredStatus(NodeConfig config, InstanceMonitor monitor) {
        SavedSessions savedSessions = new SavedSessions(sessions, TransactionHistory.DEFAULT_MAX_SESSIONS);
        List<StatusStore.Part> parts = new ArrayList<>(List.of(new SavedLatencies(monitor, config.stateLimits().maxInstances())));
        if (fixedChoices instanceof FixedChoiceStore kept) {
            parts.add(kept);
        }
        if (sessions.savedWithStatus()) {
            parts.add(savedSessions);
        }
        if (history instanceof TransactionHistory kept) {
            parts.add(kept);
        }
        StatusStore restored = new StatusStore(config.dataDir(), parts);
        restored.restore();
        if (sessions.savedWithStatus()) {
            sessions.onRevocation(() -> restored.save(savedSessions));
        }
        Set<String> cataloged = catalog.snapshot().instanceIds();
        monitor.retainInstances(cataloged);
        if (fixedChoices instanceof FixedChoiceStore kept) {
            kept.retainInstances(cataloged);
        }
        if (history instanceof TransactionHistory kept) {
            kept.retainSessions(id -> sessions.peek(id).isPresent());
        }
        return restored;
    }

    private static Map<String, Set<String>> portsAndOperations(Catalog catalog) {
        Map<String, Set<String>> ports = new HashMap<>();
        for (VirtualPort port : catalog.snapshot().ports()) {
            ports.put(port.name(), Set.copyOf(port.operationsByElement().values()));
        }
        return ports;
    }

    /** Moves instances as the policy's placements say; a failure leaves the catalog as it was and the policy active. */
    private static void placeCompatiblePortTypes(CompiledPolicy active, Catalog catalog) {
        try {
            catalog.place(active.placements());
        } catch (RuntimeException e) {
            LOG.error("policy version {} is active, but the instances of its placed port types could not be moved;"
                    + " they move when the policy is set again", active.version(), e);
        }
    }

    private static void applySessionSettings(CompiledPolicy active, SessionRegistry sessions) {
        sessions.setIdleTimeout(active.sessionIdle() != null ? active.sessionIdle() : SessionRegistry.DEFAULT_IDLE_TIMEOUT);
    }

    /** Starts saving the status every {@code interval}, once the node is wired. */
    void startSaving(Duration interval) {
        status.start(interval);
    }

    public Catalog catalog() {
        return catalog;
    }

    public ActivePolicy policy() {
        return policy;
    }

    public UserDirectory users() {
        return users;
    }

    /** The open sessions; saved with the status, so a restart keeps them open. */
    public SessionRegistry sessions() {
        return sessions;
    }

    /** Logins, throttled after failures and checked on a bounded pool. */
    public Logins logins() {
        return logins;
    }

    /** Which instance served each session last, per virtual port; to be heard by the engine. */
    public RecordedHistory transactionHistory() {
        return history;
    }

    /** Which instance each user is fixed to per virtual port, for the {@code fixed} directive; kept across restarts. */
    public FixedChoices fixedChoices() {
        return fixedChoices;
    }

    /** What an administrator says about the service domain itself (home port {@code setDomainInfo}). */
    public DomainInfoStore domainInfo() {
        return domainInfo;
    }

    @Override
    public void close() {
        status.close();
        logins.close();
    }
}
