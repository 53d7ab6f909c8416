package org.servicedomain.node;

import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import org.servicedomain.node.audit.AuditFile;
import org.servicedomain.node.audit.AuditTrail;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.catalog.HttpWsdlSource;
import org.servicedomain.node.cluster.Cluster;
import org.servicedomain.node.cluster.LeaderChores;
import org.servicedomain.node.cluster.LeastLoadedPlacement;
import org.servicedomain.node.cluster.Membership;
import org.servicedomain.node.core.EngineListener;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.VirtualPort;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryState;
import org.servicedomain.node.discovery.PortQuality;
import org.servicedomain.node.domain.DomainInfoStore;
import org.servicedomain.node.domain.FileDomainInfoStore;
import org.servicedomain.node.engine.RequestChain;
import org.servicedomain.node.engine.admission.AllocatorRounds;
import org.servicedomain.node.engine.admission.ChildCapacity;
import org.servicedomain.node.engine.admission.FlowMeters;
import org.servicedomain.node.engine.admission.InstanceLimits;
import org.servicedomain.node.engine.admission.WithinLimitsLookup;
import org.servicedomain.node.engine.admission.InstanceCapacity;
import org.servicedomain.node.engine.compose.ComposerRegistry;
import org.servicedomain.node.engine.events.EventLog;
import org.servicedomain.node.engine.events.HttpEventNotifier;
import org.servicedomain.node.engine.events.NodeEvent;
import org.servicedomain.node.engine.events.NodeEvents;
import org.servicedomain.node.engine.events.ServiceAvailability;
import org.servicedomain.node.engine.failover.BackOutAction;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.health.EjectionBoard;
import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.engine.health.OperationProbe;
import org.servicedomain.node.engine.health.WsdlProbe;
import org.servicedomain.node.engine.lookup.CatalogLookup;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.engine.monitor.EngineListeners;
import org.servicedomain.node.engine.monitor.FaultObservingDispatcher;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.monitor.Metering;
import org.servicedomain.node.engine.monitor.MetricsListener;
import org.servicedomain.node.engine.monitor.ProcessMeters;
import org.servicedomain.node.engine.monitor.RequestOutcomes;
import org.servicedomain.node.engine.monitor.SavedLatencies;
import org.servicedomain.node.engine.monitor.StatisticsMeters;
import org.servicedomain.node.engine.monitor.TrafficStatistics;
import org.servicedomain.node.engine.offload.BorrowingLookup;
import org.servicedomain.node.engine.offload.LoadIndex;
import org.servicedomain.node.engine.offload.PeerForwarder;
import org.servicedomain.node.engine.offload.PeerLoads;
import org.servicedomain.node.engine.offload.PeerOffload;
import org.servicedomain.node.engine.selection.SelectionInputs;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.hierarchy.ChildHomeClient;
import org.servicedomain.node.hierarchy.ChildRegistry;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.network.CheckedDnsResolver;
import org.servicedomain.node.network.EndpointNetworks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.placement.PlacedInstanceDispatcher;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.CompiledPolicy;
import org.servicedomain.node.policy.FilePolicyStore;
import org.servicedomain.node.policy.PeerSettings;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.qos.PriorityFlows;
import org.servicedomain.node.dispatch.ChildNodeDispatcher;
import org.servicedomain.node.dispatch.EventLoops;
import org.servicedomain.node.dispatch.HttpInstanceDispatcher;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.dispatch.NettySoapTransport;
import org.servicedomain.node.dispatch.OriginDispatcher;
import org.servicedomain.node.dispatch.SoapHttpClient;
import org.servicedomain.node.session.FileUserDirectory;
import org.servicedomain.node.session.FixedChoiceStore;
import org.servicedomain.node.session.FixedChoices;
import org.servicedomain.node.session.LocalSessionStore;
import org.servicedomain.node.session.RecordedHistory;
import org.servicedomain.node.session.Logins;
import org.servicedomain.node.session.SavedSessions;
import org.servicedomain.node.session.SessionActivity;
import org.servicedomain.node.session.SessionPlacement;
import org.servicedomain.node.session.SessionRegistry;
import org.servicedomain.node.session.TransactionHistory;
import org.servicedomain.node.session.UserDirectory;
import org.servicedomain.node.storage.OwnerOnly;
import org.servicedomain.node.storage.StatusStore;
import org.servicedomain.node.tracing.Tracing;

/**
 * One service-domain node's components, wired together: the catalog, policy and users kept under
 * the data directory, the sessions, the aggregation engine and what listens to it (the monitor and
 * the transaction history). The entry servlets hold one of these.
 */
public final class Node implements AutoCloseable {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Node.class);

    private final NodeConfig config;
    private final Catalog catalog;
    private final ActivePolicy policy;
    private final InstanceMonitor monitor;
    private final InstanceDispatcher dispatcher;
    private final EventLoops relayLoops;
    private final RequestChain requestChain;
    private final HttpWsdlSource wsdlSource;
    private final UserDirectory users;
    private final SessionRegistry sessions;
    private final RecordedHistory transactionHistory;
    private final PrometheusMeterRegistry meterRegistry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final WsdlProbe probe;
    private final InstanceHealth health;
    private final NodeEvents events;
    private final HttpEventNotifier notifier;
    private final Metering metering;
    private final TrafficStatistics statistics;
    private final SessionActivity sessionActivity;
    private final Hierarchy hierarchy;
    private final LoadIndex load = new LoadIndex();
    private final RequestOutcomes outcomes = new RequestOutcomes(meterRegistry);
    private final PeerLoads peerLoads;
    private final PeerForwarder forwarder;
    private final Logins logins;
    private final FixedChoices fixedChoices;
    private final StatusStore status;
    private final PriorityFlows priorityFlows = new PriorityFlows();
    private final AllocatorRounds allocatorRounds;
    private final ProcessMeters processMeters;
    private final MetricsListener metrics;
    private final Readiness readiness = new Readiness();
    private volatile Discovery discovery;
    private volatile boolean draining;
    private final java.time.Instant startedAt;
    private final Cluster cluster;
    private volatile LeastLoadedPlacement placement;
    private final AuditTrail audit;
    private final Tracing tracing;
    private final DomainInfoStore domainInfo;

    private Node(NodeConfig config, HttpWsdlSource wsdlSource, Catalog catalog, UserDirectory users,
            SessionRegistry sessions, RecordedHistory transactionHistory, InstanceMonitor monitor,
            FixedChoices fixedChoices, StatusStore status, ActivePolicy policy, InstanceDispatcher dispatcher,
            EventLoops relayLoops, NodeEvents events, HttpEventNotifier notifier, Hierarchy hierarchy, Cluster cluster,
            DomainInfoStore domainInfo) throws IOException {
        this.audit = new AuditTrail(AuditFile.open(config.audit().fileIn(config.dataDir()), config.audit().maxBytes()),
                meterRegistry, events, config.clock(), cluster != null ? "member " + cluster.memberId() : "node " + hierarchy.nodeName());
        events.addListener(audit);
        this.cluster = cluster;
        this.domainInfo = domainInfo;
        this.hierarchy = hierarchy;
        this.tracing = Tracing.of(config.tracing(), hierarchy.nodeName(),
                cluster != null ? cluster.memberId() : hierarchy.nodeName());
        this.startedAt = config.clock().instant();
        this.fixedChoices = fixedChoices;
        this.status = status;
        this.config = config;
        this.events = events;
        this.notifier = notifier;
        this.metering = new Metering(config.dataDir(), config.clock(), config.meteringRetentionDays(),
                config.stateLimits().maxMeteringBytes());
        this.statistics = new TrafficStatistics(config.statisticsWindow(), config.clock());
        this.sessionActivity = new SessionActivity(config.clock());
        sessions.addListener(sessionActivity);
        this.logins = new Logins(sessions, config.loginLimits(), config.clock());
        StatisticsMeters portMeters = StatisticsMeters.bind(meterRegistry, statistics);
        this.wsdlSource = wsdlSource;
        this.catalog = catalog;
        this.users = users;
        this.sessions = sessions;
        this.transactionHistory = transactionHistory;
        this.monitor = monitor;
        this.policy = policy;
        this.dispatcher = dispatcher;
        this.relayLoops = relayLoops;
        String prober = cluster != null ? cluster.memberId() : hierarchy.nodeName();
        this.probe = new WsdlProbe(config.connectTimeout(), prober, new CheckedDnsResolver(config.permittedAddresses()));
        this.health = new InstanceHealth(catalog, port -> policy.current().forPort(port).health(),
                new OperationProbe(catalog, port -> policy.current().forPort(port), probe, dispatcher, prober), events,
                config.statisticsWindow(), config.clock(), cluster == null ? EjectionBoard.NONE : cluster.ejections(),
                () -> cluster == null || cluster.leads());
        if (cluster != null) {
            cluster.ejections().start(health);
        }
        MetricsListener metrics = new MetricsListener(meterRegistry, monitor);
        this.metrics = metrics;
        InstanceLimits limits = new InstanceLimits(config.maxConnectionsPerInstance());
        EngineListener listeners = EngineListeners.of(monitor, limits, transactionHistory, health, metrics,
                new ServiceAvailability(events), statistics, sessionActivity);
        String secret = config.hierarchy().parentSecret();
        this.peerLoads = new PeerLoads(this::peerSettings, config.connectTimeout(),
                address -> secret == null ? null : ParentProof.of(secret, "GET", address));
        this.forwarder = new PeerForwarder(config.connectTimeout(), config.maxConnectionsTotal(), config.maxMessageBytes());
        Lookup lookup = new BorrowingLookup(new WithinLimitsLookup(new CatalogLookup(catalog, health::isEjected, health::anyEjected), limits),
                health::isEjected,
                port -> policy.current().forPort(port).recovery().minInstances(), peerLoads, events);
        Failover failover = new Failover(lookup, new FaultObservingDispatcher(dispatcher, listeners), listeners);
        catalog.onUnregister(instance -> {
            monitor.forget(instance.id());
            limits.forget(instance.id());
            fixedChoices.forgetInstance(instance.id());
            health.forget(instance.id());
            metrics.forget(instance.id());
            statistics.forget(instance.id());
            Set<String> cataloged = catalog.snapshot().instanceIds();
            metrics.retainInstances(cataloged);
            statistics.retainInstances(cataloged);
        });
        catalog.onPortRemoved(port -> {
            portMeters.forget(port);
            statistics.forgetPort(port);
            outcomes.forgetPort(port);
            fixedChoices.forgetPort(port);
            priorityFlows.forget(port);
        });
        BackOutAction backOut = new BackOutAction(name -> catalog.snapshot().port(name).orElse(null), failover, events);
        this.requestChain = new RequestChain(catalog, policy, outcomes,
                new RequestChain.Parts(sessions, hierarchy, metering, statistics,
                        new PeerOffload(load, peerLoads, forwarder, events, cluster != null), load, config.clock(), failover, backOut,
                        priorityFlows, tracing));
        this.allocatorRounds = new AllocatorRounds(priorityFlows, policy::current, catalog::snapshot,
                new InstanceCapacity(limits), this::childCapacityOf, config.clock());
        FlowMeters.bind(meterRegistry, priorityFlows);
        allocatorRounds.start();
        status.start(config.statusSaveInterval());
        this.processMeters = ProcessMeters.bind(meterRegistry, NodeVersion.current().version(), NodeVersion.current().build());
        readiness.add(Readiness.loaded("catalog", catalog::snapshot, "the catalog is not loaded"));
        readiness.add(Readiness.loaded("policy", policy::current, "no policy is active"));
        if (cluster != null) {
            // readiness is open to every caller: it names no ZooKeeper address, no cluster name
            readiness.add(Readiness.when("cluster", cluster::hasQuorum, "no quorum"));
        }
    }

    /** The child node an instance stands for, when its registration declared the child's capacity. */
    private Optional<ChildCapacity> childCapacityOf(Instance instance) {
        return hierarchy.children().of(instance)
                .flatMap(child -> child.terms().capacityTps().map(tps -> new ChildCapacity(child.name(), tps)));
    }

    /** Opens the node's state under {@code config.dataDir()}, creating it on first start. */
    public static Node open(NodeConfig config) throws IOException {
        OwnerOnly.createDirectories(config.dataDir());
        DataDirectory.deleteTemporaryFiles(config.dataDir());
        DataDirectory.reportMissingState(config.dataDir());
        PermittedAddresses permitted = config.permittedAddresses();
        CheckedDnsResolver checkedDns = new CheckedDnsResolver(permitted);
        HttpWsdlSource wsdlSource = new HttpWsdlSource(config.wsdlFetchTimeout(), config.maxMessageBytes(), checkedDns);
        Cluster cluster = null;
        try {
            cluster = config.cluster() == null ? null : Cluster.connect(config.cluster(), config.dataDir());
            Catalog catalog = Catalog.open(cluster == null ? new FileCatalogStore(config.dataDir()) : cluster.catalogStore(), wsdlSource,
                    new EndpointNetworks(permitted), config.stateLimits());
            UserDirectory users = cluster == null ? new FileUserDirectory(config.dataDir()) : cluster.users();
            DataDirectory.requireUsersIfTheyExisted(config.dataDir(), users);
            RecordedHistory history = cluster == null ? new TransactionHistory() : cluster.sessionHistory();
            SessionRegistry sessions = new SessionRegistry(users,
                    cluster == null ? LocalSessionStore.INSTANCE : cluster.sessions(), config.clock());
            if (cluster != null) {
                cluster.users().onChange(sessions::refresh);
            }
            sessions.addListener(history);
            InstanceMonitor monitor = new InstanceMonitor();
            int maxFixedChoices = config.stateLimits().maxFixedChoices();
            FixedChoices fixedChoices = cluster == null ? new FixedChoiceStore(maxFixedChoices) : cluster.fixedChoices(maxFixedChoices);
            SelectorRegistry selectors = SelectorRegistry.standard(
                    new SelectionInputs(ThreadLocalRandom::current, monitor, history, fixedChoices));
            NodeEvents events = new NodeEvents(config.clock());
            AtomicReference<String> notifyUrl = new AtomicReference<>();
            HttpEventNotifier notifier = new HttpEventNotifier(notifyUrl::get, config.connectTimeout(), checkedDns);
            events.addListener(new EventLog());
            events.addListener(notifier);
            ActivePolicy policy = ActivePolicy.open(cluster == null ? new FilePolicyStore(config.dataDir()) : cluster.policyStore(),
                    new PolicyCompiler(selectors, ComposerRegistry.standard(), () -> portsAndOperations(catalog),
                            catalog::checkPlacement), active -> {
                        applySessionSettings(active, sessions);
                        placeCompatiblePortTypes(active, catalog);
                        notifyUrl.set(active.notifyUrl());
                        events.publish(NodeEvent.Type.POLICY_ACTIVATED, null, null, "policy version " + active.version());
                    });
            StatusStore status = restoredStatus(config, catalog, monitor, fixedChoices, sessions, history);
            NettySoapTransport transport = new NettySoapTransport(Runtime.getRuntime().availableProcessors(), "sd-node",
                    config.connectTimeout(), config.maxConnectionsPerInstance(), config.maxConnectionsTotal(),
                    config.maxMessageBytes(), permitted, new SoapHttpClient("sd-node", config.connectTimeout(),
                            config.maxConnectionsPerInstance(), config.maxConnectionsTotal(), config.maxMessageBytes(), checkedDns));
            HttpInstanceDispatcher http = new HttpInstanceDispatcher(transport);
            ChildRegistry children = cluster == null ? ChildRegistry.open(config.dataDir())
                    : ChildRegistry.open(cluster.childStore());
            InstanceDispatcher dispatcher = new PlacedInstanceDispatcher(new OriginDispatcher(http,
                    new ChildNodeDispatcher(http, instance -> children.of(instance).orElse(null))), catalog::snapshot);
            DomainInfoStore domainInfo = cluster == null ? FileDomainInfoStore.open(config.dataDir()) : cluster.domainInfo();
            Cluster member = cluster;
            return new Node(config, wsdlSource, catalog, users, sessions, history, monitor, fixedChoices, status, policy,
                    dispatcher, transport.eventLoops(), events, notifier, Hierarchy.open(config.hierarchy(), config.dataDir(), catalog, children,
                            new ChildHomeClient(config.connectTimeout(), config.wsdlFetchTimeout()),
                            () -> member == null || member.leads()), cluster, domainInfo);
        } catch (IOException | RuntimeException e) {
            wsdlSource.close();
            if (cluster != null) {
                cluster.close();
            }
            throw e;
        }
    }

    /**
     * The status selection learnt before the last stop, restored for the instances still in the
     * catalog: response times, users' fixed choices, and the open sessions with their transaction
     * history (a session whose user is gone, or idle longer than the active policy allows, stays
     * closed, and its history goes). Sessions ended on purpose are saved at once, so a node killed
     * before the next interval does not reopen them.
     */
    private static StatusStore restoredStatus(NodeConfig config, Catalog catalog, InstanceMonitor monitor,
            FixedChoices fixedChoices, SessionRegistry sessions, RecordedHistory history) {
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
        StatusStore status = new StatusStore(config.dataDir(), parts);
        status.restore();
        if (sessions.savedWithStatus()) {
            sessions.onRevocation(() -> status.save(savedSessions));
        }
        Set<String> cataloged = catalog.snapshot().instanceIds();
        monitor.retainInstances(cataloged);
        if (fixedChoices instanceof FixedChoiceStore kept) {
            kept.retainInstances(cataloged);
        }
        if (history instanceof TransactionHistory kept) {
            kept.retainSessions(id -> sessions.peek(id).isPresent());
        }
        return status;
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

    public NodeConfig config() {
        return config;
    }

    public Catalog catalog() {
        return catalog;
    }

    public ActivePolicy policy() {
        return policy;
    }

    public InstanceMonitor monitor() {
        return monitor;
    }

    /** The stages every request on a virtual port passes, and their runner. */
    /** The event loops that dispatch to providers; an entry running on them answers without a thread hand-off. */
    public EventLoops relayLoops() {
        return relayLoops;
    }

    public RequestChain requestChain() {
        return requestChain;
    }

    /** The node's meters, scraped by Prometheus at {@code /sd/metrics}. */
    public PrometheusMeterRegistry meterRegistry() {
        return meterRegistry;
    }

    /** Gives every cataloged instance its meters before a scrape, so their series show before their first request. */
    public void prepareMeters() {
        metrics.prepare(catalog.snapshot().instances());
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

    /**
     * Which instance served each session last, per virtual port; to be heard by the engine. In the data
     * directory on a node of its own, in ZooKeeper for every member of a cluster.
     */
    public RecordedHistory transactionHistory() {
        return transactionHistory;
    }

    /**
     * Which instance each user is fixed to per virtual port, for the {@code fixed} directive; kept across
     * restarts, in the data directory on a node of its own, in ZooKeeper for every member of a cluster.
     */
    public FixedChoices fixedChoices() {
        return fixedChoices;
    }

    /** One record per invocation, and usage per user and port. */
    public Metering metering() {
        return metering;
    }

    /** When this node started: the origin of its uptime. */
    public java.time.Instant startedAt() {
        return startedAt;
    }

    /** Where administrative actions are recorded: events, a counter and the audit file. */
    public AuditTrail audit() {
        return audit;
    }

    /** Where the node's events are published; plug further listeners in here. */
    public NodeEvents events() {
        return events;
    }

    /** How the requests on each virtual port ended, with the node's own faults by code. */
    public RequestOutcomes outcomes() {
        return outcomes;
    }

    /** Statistics per instance and virtual port, over the sliding window and since the start. */
    public TrafficStatistics statistics() {
        return statistics;
    }

    /** The recent dispatches of each open session. */
    public SessionActivity sessionActivity() {
        return sessionActivity;
    }

    /** The flows of the priority classes: queues, shapes and the last allocation. */
    public PriorityFlows priorityFlows() {
        return priorityFlows;
    }

    /** Which instances health has ejected, for now. */
    public InstanceHealth health() {
        return health;
    }

    /** The child nodes below this one, the discovery poll, and how requests and failures cross levels. */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /** The requests this node is serving itself now, against the policy's capacity. */
    public LoadIndex load() {
        return load;
    }

    /** The peers' latest load reports. */
    public PeerLoads peerLoads() {
        return peerLoads;
    }

    /** Whether the node can take traffic ({@code /sd/health/ready}); a cluster adds its own check here. */
    public Readiness readiness() {
        return readiness;
    }

    /**
     * Starts WS-Discovery for this node, reachable at {@code baseUrl}; {@link #close()} stops it
     * (saying Bye for every virtual port) before anything else.
     */
    public Discovery startDiscovery(DiscoveryConfig discoveryConfig, String baseUrl) throws IOException {
        return startDiscovery(discoveryConfig, baseUrl, baseUrl + Discovery.PROXY_PATH);
    }

    /**
     * Starts WS-Discovery with its virtual ports at {@code baseUrl} and, in managed mode, its proxy at
     * {@code proxyAddress} (on the node's own port when virtual ports are served on a data plane of their own).
     */
    public synchronized Discovery startDiscovery(DiscoveryConfig discoveryConfig, String baseUrl, String proxyAddress)
            throws IOException {
        if (discovery != null) {
            throw new IllegalStateException("discovery is already running");
        }
        PortQuality quality = new PortQuality() {
            @Override
            public double loadIndex() {
                return load.index(policy.current().peers().capacity());
            }

            @Override
            public double p95Ms(String virtualPort) {
                return statistics.ofPort(virtualPort).window().p95Ms();
            }
        };
        discovery = Discovery.start(discoveryConfig, baseUrl, catalog, () -> policy.current().discovery(), quality,
                config.clock(), DiscoveryState.open(config.dataDir()), proxyAddress);
        return discovery;
    }

    /**
     * The peers offload and borrowing work with: the policy's list on a node of its own, the other
     * members of the cluster on a member (the policy's capacity, threshold and refresh still apply).
     */
    private PeerSettings peerSettings() {
        PeerSettings fromPolicy = policy.current().peers();
        return cluster == null ? fromPolicy : fromPolicy.withPeers(cluster.peers());
    }

    /**
     * What an administrator says about the service domain itself (home port {@code setDomainInfo}); in the
     * data directory on a node of its own, in ZooKeeper for every member of a cluster.
     */
    public DomainInfoStore domainInfo() {
        return domainInfo;
    }

    /** The cluster this node is a member of, or null for a node of its own. */
    public Cluster cluster() {
        return cluster;
    }

    /**
     * Publishes this node, reachable at {@code home} (its home port's address), as a member of its
     * cluster with its load index; does nothing on a node of its own.
     */
    public void joinCluster(java.net.URI home) throws IOException {
        if (cluster != null) {
            Membership membership = cluster.join(home, () -> load.index(policy.current().peers().capacity()));
            placement = new LeastLoadedPlacement(membership, () -> load.index(policy.current().peers().capacity()),
                    () -> policy.current().peers().placementMargin(), cluster.memberProof(), config.connectTimeout(),
                    config.clock());
            sessions.setPlacement(placement);
            cluster.contend(new LeaderChores(health, events, meterRegistry, cluster::leads));
        }
    }

    /** The running WS-Discovery, or null when it is off. */
    public Discovery discovery() {
        return discovery;
    }

    /**
     * Takes the node out of service before it stops (docs/cluster.md, "Leaving: draining"): {@code /sd/health/ready}
     * answers 503 with the check {@code draining}, the node leaves its cluster's membership and says
     * Bye on WS-Discovery, so load balancers, peers and discovering clients send their work elsewhere;
     * the node goes on serving whatever still reaches it. Once only; {@link #close()} follows.
     */
    public synchronized void drain() {
        if (draining) {
            return;
        }
        draining = true;
        readiness.add(Readiness.when("draining", () -> false,
                "the node is stopping: it finishes the requests it has and takes no new ones"));
        if (cluster != null) {
            sessions.setPlacement(SessionPlacement.HERE);
            cluster.leave();
        }
        if (placement != null) {
            placement.close();
        }
        Discovery running = discovery;
        discovery = null;
        if (running != null) {
            running.close();
        }
    }

    @Override
    public void close() {
        drain();
        allocatorRounds.close();
        priorityFlows.close();
        processMeters.close();
        status.close();
        hierarchy.close();
        logins.close();
        peerLoads.close();
        forwarder.close();
        metering.close();
        notifier.close();
        try {
            audit.close();
        } catch (IOException e) {
            LOG.warn("audit file not closed cleanly: {}", e.toString());
        }
        health.close();
        probe.close();
        dispatcher.close();
        tracing.close();
        wsdlSource.close();
        if (cluster != null) {
            cluster.close();
        }
    }
}
