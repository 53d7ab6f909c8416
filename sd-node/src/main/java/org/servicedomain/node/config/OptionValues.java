package org.servicedomain.node.config;

import java.nio.file.Path;
import java.time.Duration;
import java.util.function.Function;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.cluster.ClusterCredential;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.outbound.TrustStore;
import org.servicedomain.node.session.LoginLimits;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The option values while an entry applies its sources, each through its row's setter; then
 * {@link #freeze frozen} into {@link NodeSettings}. Starts at the launcher's defaults.
 */
public final class OptionValues {

    private static final NodeConfig DEFAULTS = NodeConfig.builder(Path.of("sd-data")).build();

    int port = 8080;
    Integer relayPort;
    Integer relayIdleSeconds;
    Integer headerTimeoutSeconds;
    Integer relayMaxConnections;
    Integer relayMaxConnectionsPerSource;
    String dataDir = DEFAULTS.dataDir().toString();
    String host;
    long maxBytes = DEFAULTS.maxMessageBytes();
    Integer window;
    Integer stateData;
    Integer retention;
    String nodeName = DEFAULTS.hierarchy().nodeName();
    long pollMs = DEFAULTS.hierarchy().pollInterval().toMillis();
    String console;
    String metricsNetworks;
    String allowNetworks;
    String denyNetworks;
    String publicBaseUrl;
    String publicDataUrl;
    Integer bodyTimeout;
    Long minBodyRate;
    StateLimits state = StateLimits.DEFAULT;
    LoginLimits login = LoginLimits.DEFAULT;
    String trustedProxies;
    Integer perInstance;
    Integer connections;
    Integer statusSave;
    String logFormat = "text";
    String logFile = NodeSettings.Logging.AUTO;
    boolean accessLog;
    String tlsKeystore;
    String tlsKeystorePassword;
    String outboundTruststore;
    String outboundTruststorePassword;
    String parentSecret;
    String metricsToken;
    DiscoveryOptions discovery = new DiscoveryOptions();
    String zookeeper;
    String cluster;
    ClusterCredential clusterAuth;
    long drainDelayMs = DrainConfig.BEHIND_LOAD_BALANCER.delay().toMillis();
    long drainGraceMs = DrainConfig.BEHIND_LOAD_BALANCER.grace().toMillis();
    String auditFile;
    long auditMaxBytes = AuditConfig.DEFAULT_MAX_BYTES;
    String otlpEndpoint;
    int tomcatThreads = NodeConfig.DEFAULT_TOMCAT_THREADS;
    double tracingSampleRatio = TracingConfig.DEFAULT.sampleRatio();

    /**
     * Applies {@code value}, given under {@code where} ({@code --port}, {@code SD_PORT}, {@code sd.maxMessageBytes}),
     * with {@code option}'s setter; a value it refuses is refused with a message that names {@code where}.
     */
    public void apply(NodeOption option, String where, String value) {
        try {
            option.setter().set(this, where, value);
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().contains(where)) {
                throw e;
            }
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    /**
     * The settings of these values, once the checks that span options hold; {@code naming} gives an option's
     * name as the entry calls it ({@code --zookeeper}, {@code sd.zookeeper}) for their messages.
     */
    public NodeSettings freeze(Function<NodeOption, String> naming) {
        return new NodeSettings(port, dataDir, host, maxBytes, window, stateData, retention, nodeName, pollMs, console,
                metricsNetworks, allowNetworks, denyNetworks, publicBaseUrl, publicDataUrl, bodyTimeout, minBodyRate, state, login,
                trustedProxies, perInstance, connections, statusSave, new NodeSettings.Logging(logFormat, logFile, accessLog),
                tlsKeystore, tlsKeystorePassword, parentSecret, metricsToken, discovery.config(), clusterConfig(naming),
                new DrainConfig(Duration.ofMillis(drainDelayMs), Duration.ofMillis(drainGraceMs)), relayPort, relayIdleSeconds,
                headerTimeoutSeconds, relayMaxConnections, relayMaxConnectionsPerSource, auditFile, auditMaxBytes,
                new TracingConfig(otlpEndpoint, tracingSampleRatio), tomcatThreads, outboundTrust(naming));
    }

    /** The outbound trust store, read now so that a file the node cannot use stops its start; null for the JVM's. */
    private TrustStore outboundTrust(Function<NodeOption, String> naming) {
        String storeName = naming.apply(NodeOptions.named("outbound-truststore"));
        String passwordName = naming.apply(NodeOptions.named("outbound-truststore-password"));
        if (outboundTruststore == null) {
            if (outboundTruststorePassword != null) {
                throw new IllegalArgumentException(passwordName + " is the password of " + storeName + ": give that too");
            }
            return null;
        }
        if (outboundTruststorePassword == null) {
            throw new IllegalArgumentException(storeName + " needs the trust store's password: " + passwordName);
        }
        try {
            return TrustStore.read(Path.of(outboundTruststore), outboundTruststorePassword.toCharArray());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(storeName + ": " + e.getMessage(), e);
        }
    }

    private ClusterConfig clusterConfig(Function<NodeOption, String> naming) {
        String zookeeperName = naming.apply(NodeOptions.named("zookeeper"));
        String clusterName = naming.apply(NodeOptions.named("cluster"));
        if (zookeeper == null && cluster == null) {
            if (clusterAuth != null) {
                throw new IllegalArgumentException(naming.apply(NodeOptions.named("cluster-auth"))
                        + " is for a member of a cluster: give " + zookeeperName + " and " + clusterName + " too");
            }
            return null;
        }
        if (zookeeper == null || cluster == null) {
            throw new IllegalArgumentException(zookeeperName + " and " + clusterName + " go together: give both to join a cluster");
        }
        return new ClusterConfig(zookeeper, cluster, clusterAuth);
    }
}
