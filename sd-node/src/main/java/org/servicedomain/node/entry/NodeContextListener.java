package org.servicedomain.node.entry;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import org.servicedomain.node.Node;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.NodeDrain;
import org.servicedomain.node.cluster.ClusterConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the node when {@code sd-node.war} is deployed in a stock Tomcat, with the settings
 * {@link WarParameters} reads from context parameters and system properties (their table is in
 * docs/deploy.md). A WAR that joins a cluster needs {@code sd.publicBaseUrl}, the address the other members
 * reach it at. On undeploy the node drains as the launcher does on SIGTERM ({@link NodeDrain}), before Tomcat
 * stops the application ({@link ContainerStopNotice}): not ready (503), out of its cluster, Bye, still serving
 * for {@code sd.drainDelayMs} so that load balancers notice, then up to {@code sd.drainGraceMs} for the calls
 * in flight.
 */
public final class NodeContextListener implements ServletContextListener {

    private static final Logger LOG = LoggerFactory.getLogger(NodeContextListener.class);

    private Node node;
    private ContainerStopNotice stopNotice;
    private boolean drained;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        NodeConfig config = WarParameters.read(context, System.getenv()).config();
        ClusterConfig cluster = config.cluster();
        if (cluster != null && config.publicAddresses().baseUrl() == null) {
            throw new IllegalStateException("a WAR that joins a cluster (sd.zookeeper) needs sd.publicBaseUrl:"
                    + " the address the other members reach it at");
        }
        node = NodeWebApp.install(context, config);
        if (cluster != null) {
            try {
                node.membership().joinCluster(URI.create(node.config().publicAddresses().baseUrl() + "/services/home"));
            } catch (IOException e) {
                throw new UncheckedIOException("the node could not join its cluster " + cluster.name(), e);
            }
        }
        try {
            stopNotice = ContainerStopNotice.listen(context, this::drain);
        } catch (LinkageError e) {
            LOG.warn("not in Tomcat: the node drains only once its servlets are stopped (sd.drainGraceMs does not apply)", e);
        }
    }

    /**
     * Drains the node once, on Tomcat's stopping thread while it still maps requests here, or late, at
     * {@code contextDestroyed}, in a container that did not say it stops. A WAR cannot close the container's
     * connector: once the delay is over, what still arrives is served and counted until the grace ends.
     */
    private synchronized void drain() {
        if (drained || node == null) {
            return;
        }
        drained = true;
        Node draining = node;
        ContainerStopNotice notice = stopNotice;
        NodeDrain.run(draining, draining.config().drain(), new NodeDrain.Front() {
            @Override
            public void stopAccepting() {
                LOG.info("undeploying: waiting for the calls in flight; the container unmaps the node once they are done");
            }

            @Override
            public long inFlight() {
                return notice == null ? draining.engine().load().inFlight() : notice.inFlight();
            }
        });
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (stopNotice != null) {
            stopNotice.close();
        }
        if (node != null) {
            drain();
            NodeWebApp.stop(node);
        }
    }
}
