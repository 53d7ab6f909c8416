package org.servicedomain.node;

import java.io.IOException;
import java.nio.file.Files;
import org.servicedomain.node.catalog.Catalog;
import org.servicedomain.node.catalog.FileCatalogStore;
import org.servicedomain.node.catalog.HttpWsdlSource;
import org.servicedomain.node.engine.AggregationEngine;
import org.servicedomain.node.engine.failover.Failover;
import org.servicedomain.node.engine.lookup.CatalogLookup;
import org.servicedomain.node.engine.monitor.InstanceMonitor;
import org.servicedomain.node.engine.selection.SelectorRegistry;
import org.servicedomain.node.policy.ActivePolicy;
import org.servicedomain.node.policy.PolicyCompiler;
import org.servicedomain.node.policy.PolicyStore;
import org.servicedomain.node.rendering.HttpInstanceDispatcher;
import org.servicedomain.node.rendering.InstanceDispatcher;

/**
 * One service-domain node's components, wired together: the catalog and policy kept under the
 * data directory, the aggregation engine, and the monitor. The entry servlets hold one of these.
 */
public final class Node implements AutoCloseable {

    private final NodeConfig config;
    private final Catalog catalog;
    private final ActivePolicy policy;
    private final InstanceMonitor monitor;
    private final InstanceDispatcher dispatcher;
    private final AggregationEngine engine;
    private final HttpWsdlSource wsdlSource;

    private Node(NodeConfig config, HttpWsdlSource wsdlSource, Catalog catalog, ActivePolicy policy,
            InstanceMonitor monitor, InstanceDispatcher dispatcher) {
        this.config = config;
        this.wsdlSource = wsdlSource;
        this.catalog = catalog;
        this.policy = policy;
        this.monitor = monitor;
        this.dispatcher = dispatcher;
        this.engine = new AggregationEngine(policy, new Failover(new CatalogLookup(catalog), dispatcher, monitor));
    }

    /** Opens the node's state under {@code config.dataDir()}, creating it on first start. */
    public static Node open(NodeConfig config) throws IOException {
        Files.createDirectories(config.dataDir());
        HttpWsdlSource wsdlSource = new HttpWsdlSource(config.wsdlFetchTimeout(), config.maxMessageBytes());
        Catalog catalog = Catalog.open(new FileCatalogStore(config.dataDir()), wsdlSource);
        ActivePolicy policy = ActivePolicy.open(new PolicyStore(config.dataDir()),
                new PolicyCompiler(SelectorRegistry.standard()));
        InstanceDispatcher dispatcher = new HttpInstanceDispatcher(config.connectTimeout(),
                config.maxConnectionsPerInstance(), config.maxConnectionsTotal(), config.maxMessageBytes());
        return new Node(config, wsdlSource, catalog, policy, new InstanceMonitor(), dispatcher);
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

    public AggregationEngine engine() {
        return engine;
    }

    @Override
    public void close() {
        dispatcher.close();
        wsdlSource.close();
    }
}
