package org.servicedomain.node;

import java.io.IOException;
import java.util.Optional;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.RequestEvents;
import org.servicedomain.node.dispatch.ChildNodeDispatcher;
import org.servicedomain.node.dispatch.HttpInstanceDispatcher;
import org.servicedomain.node.dispatch.InstanceDispatcher;
import org.servicedomain.node.dispatch.NettySoapTransport;
import org.servicedomain.node.dispatch.OriginDispatcher;
import org.servicedomain.node.engine.RequestChain;
import org.servicedomain.node.engine.admission.AllocatorRounds;
import org.servicedomain.node.engine.admission.ChildCapacity;
import org.servicedomain.node.engine.admission.FlowMeters;
import org.servicedomain.node.engine.admission.InstanceCapacity;
import org.servicedomain.node.engine.admission.InstanceLimits;
import org.servicedomain.node.engine.admission.WithinLimitsLookup;
import org.servicedomain.node.engine.failover.BackOutAction;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.health.InstanceHealth;
import org.servicedomain.node.engine.health.OperationProbe;
import org.servicedomain.node.engine.health.WsdlProbe;
import org.servicedomain.node.engine.lookup.CatalogLookup;
import org.servicedomain.node.engine.lookup.Lookup;
import org.servicedomain.node.engine.offload.BorrowingLookup;
import org.servicedomain.node.engine.offload.LoadIndex;
import org.servicedomain.node.engine.offload.PeerForwarder;
import org.servicedomain.node.engine.offload.PeerLoads;
import org.servicedomain.node.engine.offload.PeerOffload;
import org.servicedomain.node.hierarchy.ChildHomeClient;
import org.servicedomain.node.hierarchy.ChildRegistry;
import org.servicedomain.node.hierarchy.Hierarchy;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.outbound.EventLoops;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.placement.PlacedInstanceDispatcher;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.qos.PriorityFlows;

/**
 * The aggregation engine and what it dispatches through: the request chain with its stages, the
 * transport to instances and child nodes, the hierarchy of child nodes, instance health, the limits
 * and priority flows, and the node's load with its peers.
 */
public final class NodeEngine implements AutoCloseable {

    private final Outbound outbound;
    private final InstanceDispatcher dispatcher;
    private final Hierarchy hierarchy;
    private final InstanceHealth health;
    private final InstanceLimits limits;
    private final LoadIndex load = new LoadIndex();
    private final PeerLoads peerLoads;
    private final PeerForwarder forwarder;
    private final PriorityFlows priorityFlows = new PriorityFlows();
    private final AllocatorRounds allocatorRounds;
    private final RequestChain requestChain;

    NodeEngine(NodeConfig config, Backends backends, NodeState state, NodeObservation observation,
            Outbound outbound) throws IOException {
        Catalog catalog = state.catalog();
        ActivePolicy policy = state.policy();
        this.outbound = outbound;
        HttpInstanceDispatcher http = new HttpInstanceDispatcher(new NettySoapTransport(outbound, Outbound.Reach.PROVIDERS,
                "sd-node", config.outbound().maxConnectionsPerInstance(), config.outbound().maxConnectionsTotal(),
                config.maxMessageBytes()));
        ChildRegistry children = ChildRegistry.open(backends.childStore());
        this.dispatcher = new PlacedInstanceDispatcher(new OriginDispatcher(http,
                new ChildNodeDispatcher(http, instance -> children.of(instance).orElse(null))), catalog::snapshot);
        this.hierarchy = Hierarchy.open(config.hierarchy(), config.dataDir(), catalog, children,
                new ChildHomeClient(outbound.calls(Outbound.Reach.OPERATOR, "sd-node-hierarchy"),
                        config.outbound().wsdlFetchTimeout(), config.maxMessageBytes()), backends::leads);
        String prober = backends.selfName(hierarchy.nodeName());
        WsdlProbe probe = new WsdlProbe(outbound.calls(Outbound.Reach.PROVIDERS, "sd-node-probe"), config.outbound().connectTimeout(),
                config.maxMessageBytes(), prober);
        this.health = new InstanceHealth(catalog, port -> policy.current().forPort(port).health(),
                new OperationProbe(catalog, port -> policy.current().forPort(port), probe, dispatcher, prober),
                observation.events(), config.statisticsWindow(), config.clock(), backends.ejections(), backends::leads);
        backends.readEjections(health);
        this.limits = new InstanceLimits(config.outbound().maxConnectionsPerInstance());
        String secret = config.hierarchy().parentSecret();
        this.peerLoads = new PeerLoads(() -> backends.peers(policy.current().peers()),
                outbound.calls(Outbound.Reach.OPERATOR, "sd-node-peers"), config.outbound().connectTimeout(),
                address -> secret == null ? null : ParentProof.of(secret, "GET", address));
        this.forwarder = new PeerForwarder(outbound, config.outbound().maxConnectionsTotal(), config.maxMessageBytes());
        this.requestChain = requestChain(config, backends, state, observation);
        this.allocatorRounds = new AllocatorRounds(priorityFlows, policy::current, catalog::snapshot,
                new InstanceCapacity(limits), this::childCapacityOf, config.clock());
        FlowMeters.bind(observation.meterRegistry(), priorityFlows);
        allocatorRounds.start();
        catalog.onUnregister(instance -> limits.forget(instance.id()));
        catalog.onUnregister(instance -> health.forget(instance.id()));
        catalog.onPortRemoved(priorityFlows::forget);
    }

    /** The stages every request on a virtual port passes, over failover; both fire the requests' events. */
    private RequestChain requestChain(NodeConfig config, Backends backends, NodeState state, NodeObservation observation) {
        Catalog catalog = state.catalog();
        ActivePolicy policy = state.policy();
        RequestEvents events = observation.requestEvents(limits, state.transactionHistory(), health);
        Lookup lookup = new BorrowingLookup(new WithinLimitsLookup(new CatalogLookup(catalog, health::isEjected, health::anyEjected), limits),
                health::isEjected,
                port -> policy.current().forPort(port).recovery().minInstances(), peerLoads, observation.events());
        Failover failover = new Failover(lookup, dispatcher, events);
        BackOutAction backOut = new BackOutAction(name -> catalog.snapshot().port(name).orElse(null), failover,
                observation.events());
        return new RequestChain(catalog, policy, events,
                new RequestChain.Parts(state.sessions(), hierarchy,
                        new PeerOffload(load, peerLoads, forwarder, observation.events(), backends.placesOnMembers()), load,
                        config.clock(), failover, backOut, priorityFlows, observation.tracing()));
    }

    /** The child node an instance stands for, when its registration declared the child's capacity. */
    private Optional<ChildCapacity> childCapacityOf(Instance instance) {
        return hierarchy.children().of(instance)
                .flatMap(child -> child.terms().capacityTps().map(tps -> new ChildCapacity(child.name(), tps)));
    }

    /** The stages every request on a virtual port passes, and their runner. */
    public RequestChain requestChain() {
        return requestChain;
    }

    /** The event loops that dispatch to providers; an entry running on them answers without a thread hand-off. */
    public EventLoops relayLoops() {
        return outbound.loops();
    }

    /** The node's one way out: its event loops and the calls on them. */
    public Outbound outbound() {
        return outbound;
    }

    /** The child nodes below this one, the discovery poll, and how requests and failures cross levels. */
    public Hierarchy hierarchy() {
        return hierarchy;
    }

    /** Which instances health has ejected, for now. */
    public InstanceHealth health() {
        return health;
    }

    /** The requests this node is serving itself now, against the policy's capacity. */
    public LoadIndex load() {
        return load;
    }

    /** The peers' latest load reports. */
    public PeerLoads peerLoads() {
        return peerLoads;
    }

    /** The flows of the priority classes: queues, shapes and the last allocation. */
    public PriorityFlows priorityFlows() {
        return priorityFlows;
    }

    @Override
    public void close() {
        allocatorRounds.close();
        priorityFlows.close();
        hierarchy.close();
        peerLoads.close();
        forwarder.close();
        health.close();
        dispatcher.close();
    }
}
