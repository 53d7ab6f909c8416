package org.servicedomain.node.config;

import java.nio.file.Path;
import java.time.Duration;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.network.MetricsAccess;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.outbound.TrustStore;
import org.servicedomain.node.session.LoginLimits;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The values of every {@link NodeOptions option} once an entry has read them, its own defaults
 * where none was given; {@link #config()} makes the node's settings of them. A WAR leaves the launcher's
 * options (listeners, TLS, logs, discovery) at their defaults, which nothing in a WAR reads.
 */
public record NodeSettings(int port, String dataDir, String host, long maxMessageBytes, Integer statisticsWindowSeconds,
        Integer maxStateDataBytes, Integer meteringRetentionDays, String nodeName, long pollIntervalMs, String console,
        String metricsNetworks, String allowNetworks, String denyNetworks, String publicBaseUrl, String publicDataUrl, Integer bodyTimeoutSeconds,
        Long minBodyBytesPerSecond, StateLimits stateLimits, LoginLimits loginLimits, String trustedProxies,
        Integer maxConnectionsPerInstance, Integer maxConnections, Integer statusSaveIntervalSeconds,
        Logging logging, String tlsKeystore, String tlsKeystorePassword, String parentSecret, String metricsToken,
        DiscoveryConfig discovery, ClusterConfig cluster, DrainConfig drain, Integer relayPort, Integer relayIdleSeconds,
        Integer headerTimeoutSeconds, Integer relayMaxConnections, Integer relayMaxConnectionsPerSource, String auditFile,
        long auditMaxBytes, TracingConfig tracing, int tomcatThreads, TrustStore outboundTrust) {

    /** How the node logs: {@code format} text or json; {@code file} auto, console or a path; the access log on or off. */
    public record Logging(String format, String file, boolean accessLog) {
        public static final String AUTO = "auto";
        public static final String CONSOLE = "console";
    }

    /** The node's settings, its secrets included. */
    public NodeConfig config() {
        return config(parentSecret, metricsToken);
    }

    /** The node's settings with {@code parentSecret} as the secret shared with parent and peers. */
    public NodeConfig config(String parentSecret) {
        return config(parentSecret, null);
    }

    /** As {@link #config(String)}, with the bearer token a metrics scraper may send (null: none). */
    public NodeConfig config(String parentSecret, String metricsToken) {
        NodeConfig.Builder config = NodeConfig.builder(Path.of(dataDir)).maxMessageBytes(maxMessageBytes)
                .hierarchy(new HierarchyConfig(nodeName, parentSecret, Duration.ofMillis(pollIntervalMs)))
                .metricsAccess(new MetricsAccess(Networks.parse(metricsNetworks), metricsToken))
                .publicBaseUrl(publicBaseUrl).publicDataUrl(publicDataUrl).stateLimits(stateLimits).loginLimits(loginLimits);
        if (allowNetworks != null || denyNetworks != null) {
            boolean loopbackOnly = host != null && Networks.literal(host) != null && Networks.literal(host).isLoopbackAddress();
            config.providerNetworks(ProviderNetworks.of(allowNetworks, denyNetworks, loopbackOnly));
        }
        if (relayIdleSeconds != null) {
            config.relayIdleTimeout(Duration.ofSeconds(relayIdleSeconds));
        }
        if (headerTimeoutSeconds != null) {
            config.headerTimeout(Duration.ofSeconds(headerTimeoutSeconds));
        }
        if (relayMaxConnections != null) {
            config.relayMaxConnections(relayMaxConnections);
        }
        if (relayMaxConnectionsPerSource != null) {
            config.relayMaxConnectionsPerSource(relayMaxConnectionsPerSource);
        }
        if (bodyTimeoutSeconds != null) {
            config.bodyTimeout(Duration.ofSeconds(bodyTimeoutSeconds));
        }
        if (minBodyBytesPerSecond != null) {
            config.minBodyBytesPerSecond(minBodyBytesPerSecond);
        }
        if (maxConnectionsPerInstance != null) {
            config.maxConnectionsPerInstance(maxConnectionsPerInstance);
        }
        if (maxConnections != null) {
            config.maxConnectionsTotal(maxConnections);
        }
        if (statisticsWindowSeconds != null) {
            config.statisticsWindow(Duration.ofSeconds(statisticsWindowSeconds));
        }
        if (maxStateDataBytes != null) {
            config.maxStateDataBytes(maxStateDataBytes);
        }
        if (meteringRetentionDays != null) {
            config.meteringRetentionDays(meteringRetentionDays);
        }
        if (statusSaveIntervalSeconds != null) {
            config.statusSaveInterval(Duration.ofSeconds(statusSaveIntervalSeconds));
        }
        config.cluster(cluster);
        config.drain(drain);
        config.audit(new AuditConfig(auditFile == null ? null : Path.of(auditFile), auditMaxBytes));
        config.otlpEndpoint(tracing.otlpEndpoint()).tracingSampleRatio(tracing.sampleRatio());
        config.tomcatThreads(tomcatThreads);
        config.outboundTrust(outboundTrust);
        return config.build();
    }

    /**
     * The data plane's port: {@code --relay-port}, else {@value NodeOptions#RELAY_PORT_OFFSET} above {@code --port}
     * (any free port when {@code --port} is 0); -1 for none ({@code --relay-port off}).
     */
    public int dataPlanePort() {
        if (relayPort != null) {
            return relayPort;
        }
        int offset = NodeOptions.RELAY_PORT_OFFSET;
        return port == 0 || port + offset > 65535 ? 0 : port + offset;
    }
}
