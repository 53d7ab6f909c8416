package org.servicedomain.node;

import java.io.IOException;
import java.net.URI;
import org.servicedomain.node.backends.Backends;
import org.servicedomain.node.backends.MemberDuties;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.core.Readiness;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryState;
import org.servicedomain.node.discovery.PortQuality;
import org.servicedomain.node.policy.ActivePolicy;

/**
 * How the node shows itself to the others and takes its leave: its readiness, its cluster membership
 * through its {@link Backends}, and WS-Discovery; draining undoes all three at once.
 */
public final class NodeMembership {

    private final NodeConfig config;
    private final Backends backends;
    private final NodeState state;
    private final NodeEngine engine;
    private final NodeObservation observation;
    private final Readiness readiness = new Readiness();
    private volatile Discovery discovery;
    private boolean draining;

    NodeMembership(NodeConfig config, Backends backends, NodeState state, NodeEngine engine, NodeObservation observation) {
        this.config = config;
        this.backends = backends;
        this.state = state;
        this.engine = engine;
        this.observation = observation;
        readiness.add(Readiness.loaded("catalog", state.catalog()::snapshot, "the catalog is not loaded"));
        readiness.add(Readiness.loaded("policy", state.policy()::current, "no policy is active"));
        backends.addChecks(readiness);
    }

    /** Whether the node can take traffic ({@code /sd/health/ready}). */
    public Readiness readiness() {
        return readiness;
    }

    /** The node's load index against the active policy's capacity. */
    private double loadIndex() {
        return engine.load().index(state.policy().current().peers().capacity());
    }

    /**
     * Publishes this node, reachable at {@code home} (its home port's address), as a member of its
     * cluster with its load index; does nothing on a node of its own.
     */
    public void joinCluster(URI home) throws IOException {
        ActivePolicy policy = state.policy();
        backends.join(home, new MemberDuties(this::loadIndex, () -> policy.current().peers().placementMargin(),
                state.sessions(), engine.health(), observation.events(), observation.meterRegistry(),
                engine.outbound().calls(Outbound.Reach.OPERATOR, "sd-node-placement"), config.outbound().connectTimeout(),
                config.clock()));
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
                return NodeMembership.this.loadIndex();
            }

            @Override
            public double p95Ms(String virtualPort) {
                return observation.statistics().ofPort(virtualPort).window().p95Ms();
            }
        };
        discovery = Discovery.start(discoveryConfig, baseUrl, state.catalog(), () -> state.policy().current().discovery(),
                quality, config.clock(), DiscoveryState.open(config.dataDir()), proxyAddress);
        return discovery;
    }

    /** The running WS-Discovery, or null when it is off. */
    public Discovery discovery() {
        return discovery;
    }

    /**
     * Takes the node out of service (docs/cluster.md, "Leaving: draining"): not ready, out of its
     * cluster's membership, Bye on WS-Discovery. Once only.
     */
    synchronized void drain() {
        if (draining) {
            return;
        }
        draining = true;
        readiness.add(Readiness.when("draining", () -> false,
                "the node is stopping: it finishes the requests it has and takes no new ones"));
        backends.leave();
        Discovery running = discovery;
        discovery = null;
        if (running != null) {
            running.close();
        }
    }
}
