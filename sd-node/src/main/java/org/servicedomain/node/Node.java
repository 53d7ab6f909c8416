package org.servicedomain.node;

import java.io.IOException;
import javax.net.ssl.TrustManagerFactory;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.catalog.HttpWsdlSource;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.outbound.OutboundSettings;
import org.servicedomain.node.storage.OwnerOnly;

/**
 * The composition root of one service-domain node: opens its {@link Backends} and builds the four units
 * in order, each from what the earlier ones give it: observation (events, meters, audit), state
 * (catalog, policy, users, sessions), engine (chain, dispatch, hierarchy, health, load) and membership
 * (readiness, cluster, discovery). Only the composition (the web app's wiring and the launcher) sees
 * this class; every entry receives the parts it uses.
 */
public final class Node implements AutoCloseable {

    private final NodeConfig config;
    private final Backends backends;
    private final Outbound outbound;
    private final NodeObservation observation;
    private final NodeState state;
    private final NodeEngine engine;
    private final NodeMembership membership;

    private Node(NodeConfig config, Backends backends, Outbound outbound) throws IOException {
        this.config = config;
        this.backends = backends;
        this.outbound = outbound;
        this.observation = new NodeObservation(config, backends, outbound);
        this.state = new NodeState(config, backends, new HttpWsdlSource(outbound.calls(Outbound.Reach.PROVIDERS, "sd-node"),
                config.outbound().connectTimeout(), config.outbound().wsdlFetchTimeout(), config.maxMessageBytes()), observation);
        observation.forgetWhatLeaves(state.catalog());
        this.engine = new NodeEngine(config, backends, state, observation, outbound);
        state.startSaving(config.statusSaveInterval());
        this.membership = new NodeMembership(config, backends, state, engine, observation);
    }

    /** Opens the node's state under {@code config.dataDir()}, creating it on first start. */
    public static Node open(NodeConfig config) throws IOException {
        OwnerOnly.createDirectories(config.dataDir());
        DataDirectory.deleteTemporaryFiles(config.dataDir());
        DataDirectory.reportMissingState(config.dataDir());
        Outbound outbound = Outbound.open(outboundSettings(config), Runtime.getRuntime().availableProcessors());
        Backends backends = null;
        try {
            backends = Backends.open(config.cluster(), config.dataDir());
            return new Node(config, backends, outbound);
        } catch (IOException | RuntimeException e) {
            outbound.close();
            if (backends != null) {
                backends.close();
            }
            throw e;
        }
    }

    /** How the node calls out, from its configuration: one set of timeouts, limits, trust and allowed networks. */
    private static OutboundSettings outboundSettings(NodeConfig config) {
        OutboundLimits limits = config.outbound();
        TrustManagerFactory trust = limits.trustStore() == null ? OutboundSettings.jvmTrust() : limits.trustStore().trust();
        return new OutboundSettings(limits.connectTimeout(), limits.wsdlFetchTimeout(), limits.maxConnectionsPerInstance(),
                limits.maxConnectionsTotal(), config.maxMessageBytes(), trust, config.permittedAddresses());
    }

    public NodeConfig config() {
        return config;
    }

    /** Where what a cluster shares is kept, and how this node takes part in one. */
    public Backends backends() {
        return backends;
    }

    public NodeObservation observation() {
        return observation;
    }

    public NodeState state() {
        return state;
    }

    public NodeEngine engine() {
        return engine;
    }

    public NodeMembership membership() {
        return membership;
    }

    /**
     * Takes the node out of service before it stops (docs/cluster.md, "Leaving: draining"): {@code /sd/health/ready}
     * answers 503 with the check {@code draining}, the node leaves its cluster's membership and says
     * Bye on WS-Discovery, so load balancers, peers and discovering clients send their work elsewhere;
     * the node goes on serving whatever still reaches it. Once only; {@link #close()} follows.
     */
    public void drain() {
        membership.drain();
    }

    @Override
    public void close() {
        drain();
        engine.close();
        state.close();
        observation.close();
        outbound.close();
        backends.close();
    }
}
