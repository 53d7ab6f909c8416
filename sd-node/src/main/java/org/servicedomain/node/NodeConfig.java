package org.servicedomain.node;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.MetricsAccess;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.outbound.TrustStore;
import org.servicedomain.node.session.LoginLimits;
import org.servicedomain.node.storage.StatusStore;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The settings of one node, fixed when it starts. Build with {@link #builder(Path)}; every limit
 * has a default a user can override on the command line or as a servlet context parameter.
 *
 * @param maxMessageBytes the largest message the node takes from a client or a provider
 * @param outbound how the node reaches providers, children and peers: timeouts, connection caps and TLS trust
 * @param clock the node's time: policy time windows and session idleness read it (tests fix it)
 * @param statisticsWindow the length of the monitor's sliding window (and of the window of failure-ratio ejection)
 * @param maxStateDataBytes the most state data (UTF-8 bytes) an instance may record through {@code setServiceInfo}
 * @param meteringRetentionDays how many daily metering files are kept; older ones are deleted
 * @param hierarchy the node's name, parent secret and discovery poll interval (docs/hierarchy.md); the
 *     parent secret is also the secret peers prove themselves with at {@code /sd/load}
 * @param metricsAccess who may scrape {@code /sd/metrics} (docs/security.md); loopback only by default
 * @param providerNetworks the networks WSDL fetches, endpoint addresses and every connection to a provider or the
 *     event receiver may go to, checked at each connect; null for the default of where the node listens
 *     ({@link #providerNetworksOr(boolean)})
 * @param loginLimits how failed logins are throttled and how many password checks run at once
 * @param stateLimits the most instances, virtual ports and metering bytes the node keeps
 * @param publicAddresses the node's addresses as clients should use them, when a proxy stands in front of it
 * @param entry how long and how many clients may hold the node's entries
 * @param statusSaveInterval how often the status selection learns (response times, users' fixed
 *     choices) is saved under {@code status/} in the data directory; it is saved on stop too
 * @param cluster the ZooKeeper cluster the node is a member of (docs/cluster.md); null for a node of its own
 * @param drain how the node stops: how long it keeps serving once it answers "not ready", and how long
 *     its in-flight requests get (the embedded launcher's stop; docs/cluster.md, "Leaving: draining")
 * @param audit where the audit trail of administrative actions is written (docs/operations.md, "Audit trail")
 * @param tracing where spans are exported over OTLP/HTTP and which share of new traces is recorded
 *     (docs/operations.md, "Tracing"); by default none: traces are propagated only, nothing is recorded
 * @param tomcatThreads the embedded Tomcat's request threads (the launcher's; a WAR's container has its own):
 *     few threads that stay busy cost far less per request than a large pool that wakes an idle thread for each
 * @param hostResolver how the hosts of providers, WSDL locations and the event receiver are resolved, at every
 *     connect ({@link HostResolver#SYSTEM}; a test answers for names of its own to play DNS rebinding)
 */
public record NodeConfig(Path dataDir, long maxMessageBytes, OutboundLimits outbound, Clock clock, Duration statisticsWindow,
        int maxStateDataBytes, int meteringRetentionDays, HierarchyConfig hierarchy, MetricsAccess metricsAccess,
        ProviderNetworks providerNetworks, LoginLimits loginLimits, StateLimits stateLimits, PublicAddresses publicAddresses,
        EntryLimits entry, Duration statusSaveInterval, ClusterConfig cluster, DrainConfig drain, AuditConfig audit,
        TracingConfig tracing, int tomcatThreads, HostResolver hostResolver) {

    public static final long DEFAULT_MAX_MESSAGE_BYTES = 10L * 1024 * 1024;
    /**
     * Tomcat's request threads unless set: they parse requests and hand virtual-port calls to the event loops, and
     * serve the home port and the console; 16 kept Tomcat's entry at 54–56 µs per request where Tomcat's 200 took
     * 90 µs (docs/performance.md), and leave room for administrative calls that wait on a provider or ZooKeeper.
     */
    public static final int DEFAULT_TOMCAT_THREADS = 16;

    public NodeConfig {
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(outbound, "outbound");
        Objects.requireNonNull(clock, "clock");
        Objects.requireNonNull(hierarchy, "hierarchy");
        Objects.requireNonNull(metricsAccess, "metricsAccess");
        Objects.requireNonNull(loginLimits, "loginLimits");
        Objects.requireNonNull(stateLimits, "stateLimits");
        Objects.requireNonNull(publicAddresses, "publicAddresses");
        Objects.requireNonNull(entry, "entry");
        Objects.requireNonNull(drain, "drain");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(tracing, "tracing");
        Objects.requireNonNull(hostResolver, "hostResolver");
        requirePositive("maxMessageBytes", maxMessageBytes);
        if (statisticsWindow.toSeconds() < 1) {
            throw new IllegalArgumentException("statisticsWindow must be at least 1 s but was " + statisticsWindow);
        }
        requirePositive("maxStateDataBytes", maxStateDataBytes);
        requirePositive("meteringRetentionDays", meteringRetentionDays);
        requirePositive("statusSaveInterval", statusSaveInterval.toMillis());
        requirePositive("tomcatThreads", tomcatThreads);
    }

    /** The configured provider networks, or the default for a node that listens only on loopback or not. */
    public ProviderNetworks providerNetworksOr(boolean listensOnlyOnLoopback) {
        return providerNetworks != null ? providerNetworks : ProviderNetworks.defaultFor(listensOnlyOnLoopback);
    }

    /**
     * Where connections made on a caller's behalf may go: to providers, WSDL locations, probed instances and the
     * event receiver; the provider networks, or the strict default when none were resolved for where the node listens.
     */
    public PermittedAddresses permittedAddresses() {
        return new PermittedAddresses(providerNetworksOr(false), hostResolver);
    }

    /** These settings with {@code networks} as the provider networks. */
    public NodeConfig withProviderNetworks(ProviderNetworks networks) {
        return new NodeConfig(dataDir, maxMessageBytes, outbound, clock, statisticsWindow, maxStateDataBytes,
                meteringRetentionDays, hierarchy, metricsAccess, networks, loginLimits, stateLimits, publicAddresses, entry,
                statusSaveInterval, cluster, drain, audit, tracing, tomcatThreads, hostResolver);
    }

    static void requirePositive(String name, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(name + " must be positive but was " + value);
        }
    }

    public static Builder builder(Path dataDir) {
        return new Builder(dataDir);
    }

    /** Starts from the defaults; each setter validates when {@link #build()} runs. */
    public static final class Builder {
        private final Path dataDir;
        private long maxMessageBytes = DEFAULT_MAX_MESSAGE_BYTES;
        private Duration connectTimeout = Duration.ofSeconds(5);
        private Duration wsdlFetchTimeout = Duration.ofSeconds(30);
        private int maxConnectionsPerInstance = 256;
        private int maxConnectionsTotal = 4096;
        private TrustStore outboundTrust;
        private Clock clock = Clock.systemUTC();
        private Duration statisticsWindow = Duration.ofSeconds(60);
        private int maxStateDataBytes = 4096;
        private int meteringRetentionDays = 400;
        private HierarchyConfig hierarchy = HierarchyConfig.DEFAULT;
        private MetricsAccess metricsAccess = MetricsAccess.LOOPBACK_ONLY;
        private ProviderNetworks providerNetworks;
        private LoginLimits loginLimits = LoginLimits.DEFAULT;
        private StateLimits stateLimits = StateLimits.DEFAULT;
        private String publicBaseUrl;
        private String publicDataUrl;
        private Duration bodyTimeout = Duration.ofSeconds(30);
        private Duration relayIdleTimeout = Duration.ofSeconds(60);
        private Duration headerTimeout = Duration.ofSeconds(20);
        private int relayMaxConnections = EntryLimits.DEFAULT_RELAY_MAX_CONNECTIONS;
        private int relayMaxConnectionsPerSource = EntryLimits.DEFAULT_RELAY_MAX_CONNECTIONS_PER_SOURCE;
        private long minBodyBytesPerSecond = 1024;
        private Duration statusSaveInterval = StatusStore.DEFAULT_INTERVAL;
        private ClusterConfig cluster;
        private DrainConfig drain = DrainConfig.IMMEDIATE;
        private AuditConfig audit = AuditConfig.DEFAULT;
        private String otlpEndpoint;
        private int tomcatThreads = DEFAULT_TOMCAT_THREADS;
        private double tracingSampleRatio = TracingConfig.DEFAULT.sampleRatio();
        private HostResolver hostResolver = HostResolver.SYSTEM;

        private Builder(Path dataDir) {
            this.dataDir = dataDir;
        }

        public Builder maxMessageBytes(long bytes) {
            this.maxMessageBytes = bytes;
            return this;
        }

        public Builder connectTimeout(Duration timeout) {
            this.connectTimeout = timeout;
            return this;
        }

        public Builder wsdlFetchTimeout(Duration timeout) {
            this.wsdlFetchTimeout = timeout;
            return this;
        }

        public Builder maxConnectionsPerInstance(int connections) {
            this.maxConnectionsPerInstance = connections;
            return this;
        }

        public Builder maxConnectionsTotal(int connections) {
            this.maxConnectionsTotal = connections;
            return this;
        }

        /** The certificates the node trusts when it calls out over HTTPS; null (the default) for the JVM's. */
        public Builder outboundTrust(TrustStore trust) {
            this.outboundTrust = trust;
            return this;
        }

        public Builder clock(Clock clock) {
            this.clock = clock;
            return this;
        }

        public Builder statisticsWindow(Duration window) {
            this.statisticsWindow = window;
            return this;
        }

        public Builder maxStateDataBytes(int bytes) {
            this.maxStateDataBytes = bytes;
            return this;
        }

        public Builder meteringRetentionDays(int days) {
            this.meteringRetentionDays = days;
            return this;
        }

        public Builder hierarchy(HierarchyConfig hierarchy) {
            this.hierarchy = hierarchy;
            return this;
        }

        public Builder metricsAccess(MetricsAccess access) {
            this.metricsAccess = access;
            return this;
        }

        /** The networks providers may be reached in; unset, the default of where the node listens. */
        public Builder providerNetworks(ProviderNetworks networks) {
            this.providerNetworks = networks;
            return this;
        }

        public Builder loginLimits(LoginLimits limits) {
            this.loginLimits = limits;
            return this;
        }

        public Builder stateLimits(StateLimits limits) {
            this.stateLimits = limits;
            return this;
        }

        public Builder publicBaseUrl(String url) {
            this.publicBaseUrl = url;
            return this;
        }

        /** The data plane's public address, when it differs from the public base URL ({@link PublicAddresses#dataUrl()}). */
        public Builder publicDataUrl(String url) {
            this.publicDataUrl = url;
            return this;
        }

        /** How long the relay keeps a client's connection open with no request on it. */
        public Builder relayIdleTimeout(Duration timeout) {
            this.relayIdleTimeout = timeout;
            return this;
        }

        /** How long a client may take to send a request's head; 20 s, as Tomcat's stock {@code connectionTimeout}. */
        public Builder headerTimeout(Duration timeout) {
            this.headerTimeout = timeout;
            return this;
        }

        /** The most connections the relay holds open at once, over all clients. */
        public Builder relayMaxConnections(int connections) {
            this.relayMaxConnections = connections;
            return this;
        }

        /** The most connections the relay holds open at once for one source address. */
        public Builder relayMaxConnectionsPerSource(int connections) {
            this.relayMaxConnectionsPerSource = connections;
            return this;
        }

        public Builder bodyTimeout(Duration timeout) {
            this.bodyTimeout = timeout;
            return this;
        }

        /** 0 checks no rate, only {@link #bodyTimeout}; see {@link EntryLimits#minBodyBytesPerSecond()}. */
        public Builder minBodyBytesPerSecond(long bytesPerSecond) {
            this.minBodyBytesPerSecond = bytesPerSecond;
            return this;
        }

        public Builder statusSaveInterval(Duration interval) {
            this.statusSaveInterval = interval;
            return this;
        }

        /** The cluster to join; null (the default) for a node of its own. */
        public Builder cluster(ClusterConfig cluster) {
            this.cluster = cluster;
            return this;
        }

        /** How the node stops; {@link DrainConfig#IMMEDIATE} unless set. */
        public Builder drain(DrainConfig drain) {
            this.drain = drain;
            return this;
        }

        /** Where the audit trail is written and when it is rotated; {@link AuditConfig#DEFAULT} unless set. */
        public Builder audit(AuditConfig audit) {
            this.audit = audit;
            return this;
        }

        /** Where spans are exported over OTLP/HTTP; null (the default) for propagation only. */
        public Builder otlpEndpoint(String url) {
            this.otlpEndpoint = url;
            return this;
        }

        /** The embedded Tomcat's request threads; {@link #DEFAULT_TOMCAT_THREADS} unless set. */
        public Builder tomcatThreads(int threads) {
            this.tomcatThreads = threads;
            return this;
        }

        /** The share, from 0 to 1, of the traces the node starts that it records; 1 (all) unless set. */
        public Builder tracingSampleRatio(double ratio) {
            this.tracingSampleRatio = ratio;
            return this;
        }

        /** How host names are resolved at every outbound connect; {@link HostResolver#SYSTEM} unless set (tests). */
        public Builder hostResolver(HostResolver resolver) {
            this.hostResolver = resolver;
            return this;
        }

        public NodeConfig build() {
            return new NodeConfig(dataDir, maxMessageBytes,
                    new OutboundLimits(connectTimeout, wsdlFetchTimeout, maxConnectionsPerInstance, maxConnectionsTotal,
                            outboundTrust),
                    clock, statisticsWindow, maxStateDataBytes, meteringRetentionDays, hierarchy, metricsAccess, providerNetworks,
                    loginLimits, stateLimits, new PublicAddresses(publicBaseUrl, publicDataUrl),
                    new EntryLimits(headerTimeout, bodyTimeout, minBodyBytesPerSecond, relayIdleTimeout, relayMaxConnections,
                            relayMaxConnectionsPerSource),
                    statusSaveInterval, cluster, drain, audit, new TracingConfig(otlpEndpoint, tracingSampleRatio),
                    tomcatThreads, hostResolver);
        }
    }
}
