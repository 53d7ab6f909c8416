package org.servicedomain.node.entry;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.function.BiFunction;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.Node;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.NodeDrain;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.cluster.ClusterCredential;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.network.MetricsAccess;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.session.LoginLimits;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts the node when {@code sd-node.war} is deployed in a stock Tomcat. Settings come from
 * context parameters, then system properties, of the same names: {@code sd.dataDir} (default
 * {@code ./sd-data}), {@code sd.maxMessageBytes}, {@code sd.statisticsWindowSeconds},
 * {@code sd.maxStateDataBytes}, {@code sd.meteringRetentionDays}, {@code sd.bodyTimeoutSeconds},
 * {@code sd.minBodyBytesPerSecond}, {@code sd.maxInstances}, {@code sd.maxInstancesPerProvider},
 * {@code sd.maxVirtualPorts}, {@code sd.maxMeteringBytes}, {@code sd.maxFixedChoices},
 * {@code sd.statusSaveIntervalSeconds}, {@code sd.loginFreeFailures},
 * {@code sd.loginFreeFailuresPerSource}, {@code sd.loginMaxBackoffSeconds}, {@code sd.loginHashingThreads}, and for hierarchies {@code sd.nodeName},
 * {@code sd.pollIntervalMs} and {@code sd.parentSecret} (docs/hierarchy.md), and who may scrape metrics:
 * {@code sd.metricsNetworks} (CIDR list) and {@code sd.metricsToken}, and a cluster member's ZooKeeper
 * credential {@code sd.clusterAuth} (docs/cluster.md); the secrets are read as
 * {@link WarSecrets} says (environment, a file), so that they need not show in {@code ps}; and the networks providers may be
 * reached in: {@code sd.allowNetworks}, {@code sd.denyNetworks} (docs/security.md; by default loopback
 * and link-local are denied, since a WAR cannot tell whether Tomcat listens only on loopback).
 * On undeploy the node drains as the launcher does on SIGTERM ({@link NodeDrain}), before Tomcat stops
 * the application ({@link ContainerStopNotice}): not ready (503), out of its cluster, Bye, still serving for
 * {@code sd.drainDelayMs} (default 0) so that load balancers notice, then up to {@code sd.drainGraceMs}
 * (default 30000) for the calls in flight. The audit trail of administrative actions goes to
 * {@code sd.auditFile} (default {@code audit.log} in the data directory), rotated past {@code sd.auditMaxBytes}
 * (default 10485760; docs/operations.md).
 */
public final class NodeContextListener implements ServletContextListener {

    private static final Logger LOG = LoggerFactory.getLogger(NodeContextListener.class);
    /** How long the calls in flight at undeploy get, unless {@code sd.drainGraceMs} says otherwise. */
    static final Duration DEFAULT_DRAIN_GRACE = DrainConfig.BEHIND_LOAD_BALANCER.grace();

    private Node node;
    private ContainerStopNotice stopNotice;
    private boolean drained;

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        NodeConfig.Builder config = NodeConfig.builder(Path.of(setting(context, "sd.dataDir", "sd-data")));
        String maxBytes = setting(context, "sd.maxMessageBytes", null);
        if (maxBytes != null) {
            config.maxMessageBytes(Long.parseLong(maxBytes));
        }
        String window = setting(context, "sd.statisticsWindowSeconds", null);
        if (window != null) {
            config.statisticsWindow(Duration.ofSeconds(Long.parseLong(window)));
        }
        String stateData = setting(context, "sd.maxStateDataBytes", null);
        if (stateData != null) {
            config.maxStateDataBytes(Integer.parseInt(stateData));
        }
        String bodyTimeout = setting(context, "sd.bodyTimeoutSeconds", null);
        if (bodyTimeout != null) {
            config.bodyTimeout(Duration.ofSeconds(Long.parseLong(bodyTimeout)));
        }
        String minBodyRate = setting(context, "sd.minBodyBytesPerSecond", null);
        if (minBodyRate != null) {
            config.minBodyBytesPerSecond(Long.parseLong(minBodyRate));
        }
        String statusSave = setting(context, "sd.statusSaveIntervalSeconds", null);
        if (statusSave != null) {
            config.statusSaveInterval(Duration.ofSeconds(Long.parseLong(statusSave.trim())));
        }
        config.drain(new DrainConfig(millis(context, "sd.drainDelayMs", Duration.ZERO),
                millis(context, "sd.drainGraceMs", DEFAULT_DRAIN_GRACE)));
        String auditFile = setting(context, "sd.auditFile", null);
        String auditMaxBytes = setting(context, "sd.auditMaxBytes", null);
        config.audit(new AuditConfig(auditFile == null ? null : Path.of(auditFile.trim()),
                auditMaxBytes == null ? AuditConfig.DEFAULT_MAX_BYTES : Long.parseLong(auditMaxBytes.trim())));
        String retention = setting(context, "sd.meteringRetentionDays", null);
        if (retention != null) {
            config.meteringRetentionDays(Integer.parseInt(retention));
        }
        WarSecrets secrets = new WarSecrets(context, System.getenv());
        HierarchyConfig hierarchy = HierarchyConfig.DEFAULT.withNodeName(setting(context, "sd.nodeName", "node"))
                .withParentSecret(secrets.read("sd.parentSecret"));
        String pollMs = setting(context, "sd.pollIntervalMs", null);
        if (pollMs != null) {
            hierarchy = hierarchy.withPollInterval(Duration.ofMillis(Long.parseLong(pollMs)));
        }
        config.hierarchy(hierarchy);
        config.metricsAccess(new MetricsAccess(Networks.parse(setting(context, "sd.metricsNetworks", null)),
                secrets.read("sd.metricsToken")));
        config.publicBaseUrl(setting(context, "sd.publicBaseUrl", null));
        config.otlpEndpoint(setting(context, "sd.otlpEndpoint", null));
        String sampleRatio = setting(context, "sd.tracingSampleRatio", null);
        if (sampleRatio != null) {
            config.tracingSampleRatio(Double.parseDouble(sampleRatio.trim()));
        }
        config.providerNetworks(ProviderNetworks.of(setting(context, "sd.allowNetworks", null),
                setting(context, "sd.denyNetworks", null), false));
        config.stateLimits(stateLimits(context));
        config.loginLimits(loginLimits(context));
        ClusterConfig cluster = cluster(context, secrets);
        config.cluster(cluster);
        String publicBaseUrl = setting(context, "sd.publicBaseUrl", null);
        if (cluster != null && publicBaseUrl == null) {
            throw new IllegalStateException("a WAR that joins a cluster (sd.zookeeper) needs sd.publicBaseUrl:"
                    + " the address the other members reach it at");
        }
        node = NodeWebApp.install(context, config.build());
        if (cluster != null) {
            try {
                node.joinCluster(URI.create(node.config().publicBaseUrl() + "/services/home"));
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

    /** The setting {@code name}, zero or more milliseconds, or {@code fallback} when it is not set. */
    private static Duration millis(ServletContext context, String name, Duration fallback) {
        String value = setting(context, name, null);
        if (value == null) {
            return fallback;
        }
        long millis = Long.parseLong(value.trim());
        if (millis < 0) {
            throw new IllegalArgumentException(name + " must be zero or more milliseconds but was " + value);
        }
        return Duration.ofMillis(millis);
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
                return notice == null ? draining.load().inFlight() : notice.inFlight();
            }
        });
    }

    /**
     * The cluster of {@code sd.zookeeper} and {@code sd.cluster}, its members authenticating with the secret
     * {@code sd.clusterAuth} when set (docs/cluster.md); null when neither is set.
     */
    private static ClusterConfig cluster(ServletContext context, WarSecrets secrets) {
        String zookeeper = setting(context, "sd.zookeeper", null);
        String name = setting(context, "sd.cluster", null);
        String auth = secrets.read("sd.clusterAuth");
        if (zookeeper == null && name == null) {
            if (auth != null) {
                throw new IllegalArgumentException("sd.clusterAuth is for a member of a cluster: set sd.zookeeper and sd.cluster too");
            }
            return null;
        }
        if (zookeeper == null || name == null) {
            throw new IllegalArgumentException("sd.zookeeper and sd.cluster go together: set both to join a cluster");
        }
        return new ClusterConfig(zookeeper.trim(), name.trim(), auth == null ? null : ClusterCredential.parse(auth));
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

    private static StateLimits stateLimits(ServletContext context) {
        StateLimits limits = StateLimits.DEFAULT;
        limits = changed(context, "sd.maxInstances", limits, (l, v) -> l.withMaxInstances(Math.toIntExact(v)));
        limits = changed(context, "sd.maxInstancesPerProvider", limits,
                (l, v) -> l.withMaxInstancesPerProvider(Math.toIntExact(v)));
        limits = changed(context, "sd.maxVirtualPorts", limits, (l, v) -> l.withMaxVirtualPorts(Math.toIntExact(v)));
        limits = changed(context, "sd.maxFixedChoices", limits, (l, v) -> l.withMaxFixedChoices(Math.toIntExact(v)));
        return changed(context, "sd.maxMeteringBytes", limits, StateLimits::withMaxMeteringBytes);
    }

    private static LoginLimits loginLimits(ServletContext context) {
        LoginLimits limits = LoginLimits.DEFAULT;
        limits = changed(context, "sd.loginFreeFailures", limits, (l, v) -> l.withFreeFailuresPerUser(Math.toIntExact(v)));
        limits = changed(context, "sd.loginFreeFailuresPerSource", limits,
                (l, v) -> l.withFreeFailuresPerSource(Math.toIntExact(v)));
        limits = changed(context, "sd.loginMaxBackoffSeconds", limits, (l, v) -> l.withMaxBackoff(Duration.ofSeconds(v)));
        return changed(context, "sd.loginHashingThreads", limits, (l, v) -> l.withHashingThreads(Math.toIntExact(v)));
    }

    /** {@code limits} with the numeric setting {@code name} applied by {@code change}, or as they are when it is not set. */
    private static <T> T changed(ServletContext context, String name, T limits, BiFunction<T, Long, T> change) {
        String value = setting(context, name, null);
        return value == null ? limits : change.apply(limits, Long.parseLong(value.trim()));
    }

    private static String setting(ServletContext context, String name, String fallback) {
        String value = context.getInitParameter(name);
        if (value == null || value.isBlank()) {
            value = System.getProperty(name);
        }
        return value == null || value.isBlank() ? fallback : value;
    }
}
