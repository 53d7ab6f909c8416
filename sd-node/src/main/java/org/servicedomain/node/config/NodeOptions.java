package org.servicedomain.node.config;

import static org.servicedomain.node.config.ValueChecks.longNumber;
import static org.servicedomain.node.config.ValueChecks.networks;
import static org.servicedomain.node.config.ValueChecks.number;
import static org.servicedomain.node.config.ValueChecks.oneOf;
import static org.servicedomain.node.config.ValueChecks.pattern;
import static org.servicedomain.node.config.ValueChecks.ratio;
import static org.servicedomain.node.config.ValueChecks.toggle;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.EntryLimits;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.cluster.ClusterCredential;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryLimits;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.session.LoginLimits;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The node's options, one {@link NodeOption} row each: the launcher reads every row (command line, the
 * environment, {@code --config FILE}); a WAR reads the rows marked {@link NodeOption#inWar() in the WAR} from its
 * context parameters. Both apply a value with the row's setter, so both check it the same way.
 */
public final class NodeOptions {

    /** The option naming the launcher's configuration file; it is read before the others. */
    public static final String CONFIG = "config";
    /** The {@code --relay-port} value that serves the virtual ports on {@code --port} only. */
    public static final String NO_RELAY = "off";
    /** How far above {@code --port} the data plane listens when {@code --relay-port} is left out. */
    public static final int RELAY_PORT_OFFSET = 100;

    private static final String DRAIN_DELAY_WHY = "A WAR's default differs because a WAR is mostly undeployed or reloaded"
            + " with no load balancer in front to wait for; behind one, set it above the time the balancer takes to mark"
            + " the node down.";
    private static final String DENY_NETWORKS_WHY = "A WAR's default differs from the launcher's when that listens on"
            + " loopback only (--host 127.0.0.1) and so may reach loopback providers: a WAR cannot tell where Tomcat"
            + " listens; allow local providers with --allow-networks.";

    private static final NodeConfig DEFAULTS = NodeConfig.builder(Path.of("sd-data")).build();
    private static final StateLimits STATE = StateLimits.DEFAULT;
    private static final LoginLimits LOGIN = LoginLimits.DEFAULT;

    /** Every option, in the order help lists them. */
    public static final List<NodeOption> TABLE = List.of(
            NodeOption.value(CONFIG, "FILE", null,
                    "Properties or YAML file (.yml/.yaml) of options, keyed by option name without the dashes.",
                    (v, where, value) -> { }),
            NodeOption.value("port", "N", 8080, "HTTP port to listen on; 0 takes any free port.",
                    (v, where, value) -> v.port = number(where, value, 0, 65535)),
            NodeOption.value("relay-port", "N|off", "--port + " + RELAY_PORT_OFFSET,
                    "The data plane: virtual ports served on the dispatching event loops (HTTPS with --tls-keystore),"
                    + " the address every WSDL advertises; 0 takes any free port; off serves them on --port only.",
                    (v, where, value) -> v.relayPort = NO_RELAY.equalsIgnoreCase(value) ? -1 : number(where, value, 0, 65535)),
            NodeOption.value("relay-idle-seconds", "S", DEFAULTS.entry().relayIdleTimeout().toSeconds(),
                    "How long the relay keeps a client's connection open with no request on it.",
                    (v, where, value) -> v.relayIdleSeconds = number(where, value, 1, 86_400)),
            NodeOption.value("header-timeout-seconds", "S", DEFAULTS.entry().headerTimeout().toSeconds(),
                    "How long a client may take to send a request's line and headers, on Tomcat's port and the relay; then 408.",
                    (v, where, value) -> v.headerTimeoutSeconds = number(where, value, 1, 86_400)),
            NodeOption.value("relay-max-connections", "N", EntryLimits.DEFAULT_RELAY_MAX_CONNECTIONS,
                    "The most connections the relay holds open at once; one more is closed at accept. Never more than"
                    + " three quarters of the process's descriptor limit.",
                    (v, where, value) -> v.relayMaxConnections = number(where, value, 1, 1_000_000)),
            NodeOption.value("relay-max-connections-per-source", "N", EntryLimits.DEFAULT_RELAY_MAX_CONNECTIONS_PER_SOURCE,
                    "The most relay connections one client address holds open at once; one more is closed at accept."
                    + " Set it when clients reach the node directly, not through a load balancer.",
                    (v, where, value) -> v.relayMaxConnectionsPerSource = number(where, value, 1, 1_000_000)),
            NodeOption.value("host", "ADDRESS", null, "Address to listen on; every interface when left out.",
                    (v, where, value) -> v.host = value),
            NodeOption.value("data-dir", "DIR", DEFAULTS.dataDir(), "Where the node keeps its state and logs.",
                    (v, where, value) -> v.dataDir = value).inWar(),
            NodeOption.value("console", "WAR|none", null,
                    "The admin console's WAR; found beside the jar or in the build tree when left out; none serves none.",
                    (v, where, value) -> v.console = value),
            NodeOption.value("node-name", "NAME", DEFAULTS.hierarchy().nodeName(), "This node's name in a hierarchy.",
                    (v, where, value) -> v.nodeName = value).inWar(),
            NodeOption.value("poll-interval-ms", "MS", DEFAULTS.hierarchy().pollInterval().toMillis(),
                    "How often a parent polls its child nodes.",
                    (v, where, value) -> v.pollMs = number(where, value, 1, Integer.MAX_VALUE)).inWar(),
            NodeOption.value("public-base-url", "URL", null,
                    "The node's address as clients see it (behind a proxy), for WSDLs.",
                    (v, where, value) -> v.publicBaseUrl = value).inWar(),
            NodeOption.value("public-data-url", "URL", null,
                    "The data plane's address as clients see it, when not under --public-base-url; virtual ports are advertised there.",
                    (v, where, value) -> v.publicDataUrl = value),
            NodeOption.value("trusted-proxies", "REGEX", null,
                    "Proxy addresses whose X-Forwarded-For and X-Forwarded-Proto are believed.",
                    (v, where, value) -> v.trustedProxies = pattern(where, value)),
            NodeOption.value("tls-keystore", "FILE", null,
                    "PKCS12 keystore of the node's key and certificate; the node then serves HTTPS only.",
                    (v, where, value) -> v.tlsKeystore = value),
            NodeOption.secret("tls-keystore-password", "The keystore's password.",
                    (v, where, value) -> v.tlsKeystorePassword = value),
            NodeOption.value("outbound-truststore", "FILE", null,
                    "PKCS12 or JKS trust store of the certificates (a provider's own, or its CA's) the node trusts when it"
                    + " calls out over HTTPS, in place of the JVM's; the JVM's trusted certificates when left out.",
                    (v, where, value) -> v.outboundTruststore = value).inWar(),
            NodeOption.secret("outbound-truststore-password", "The outbound trust store's password.",
                    (v, where, value) -> v.outboundTruststorePassword = value).inWar(),
            NodeOption.secret("parent-secret", "Secret shared with a parent node and with peers.",
                    (v, where, value) -> v.parentSecret = value).inWar(),
            NodeOption.secret("metrics-token", "Bearer token a metrics scraper may send instead of coming from --metrics-networks.",
                    (v, where, value) -> v.metricsToken = value).inWar(),
            NodeOption.value("metrics-networks", "CIDR,...", null, "Networks that may scrape /sd/metrics; loopback only when neither this nor metrics-token is set.",
                    (v, where, value) -> v.metricsNetworks = networks(value)).inWar(),
            NodeOption.value("allow-networks", "CIDR,...", null, "Networks the node may connect to for callers (provider WSDLs and endpoints, event receivers), denied or not; checked at each connection.",
                    (v, where, value) -> v.allowNetworks = networks(value)).inWar(),
            NodeOption.value("deny-networks", "CIDR,...", null, "Networks the node may not connect to for callers (provider WSDLs and endpoints, event receivers) unless allowed.",
                    (v, where, value) -> v.denyNetworks = networks(value))
                    .inWar(ProviderNetworks.defaultFor(false).denied(), DENY_NETWORKS_WHY),
            NodeOption.value("max-message-bytes", "N", DEFAULTS.maxMessageBytes(), "Largest request or reply body.",
                    (v, where, value) -> v.maxBytes = number(where, value, 1, Integer.MAX_VALUE)).inWar(),
            NodeOption.value("body-timeout-seconds", "S", DEFAULTS.entry().bodyTimeout().toSeconds(),
                    "How long a client may take to send a whole request body.",
                    (v, where, value) -> v.bodyTimeout = number(where, value, 1, 86_400)).inWar(),
            NodeOption.value("min-body-bytes-per-second", "N", DEFAULTS.entry().minBodyBytesPerSecond(),
                    "Slowest request body a client may send.",
                    (v, where, value) -> v.minBodyRate = (long) number(where, value, 0, Integer.MAX_VALUE)).inWar(),
            NodeOption.value("tomcat-threads", "N", NodeConfig.DEFAULT_TOMCAT_THREADS,
                    "Tomcat's request threads on --port (home port, console, and virtual ports when the relay is off);"
                    + " a few busy threads cost less per request than many idle ones.",
                    (v, where, value) -> v.tomcatThreads = number(where, value, 1, 10_000)),
            NodeOption.value("max-connections-per-instance", "N", DEFAULTS.outbound().maxConnectionsPerInstance(),
                    "Pooled connections to one instance.",
                    (v, where, value) -> v.perInstance = number(where, value, 1, 65_535)).inWar(),
            NodeOption.value("max-connections", "N", DEFAULTS.outbound().maxConnectionsTotal(), "Pooled connections to all instances.",
                    (v, where, value) -> v.connections = number(where, value, 1, 1_000_000)).inWar(),
            NodeOption.value("statistics-window-seconds", "S", DEFAULTS.statisticsWindow().toSeconds(),
                    "Length of the statistics' sliding window.",
                    (v, where, value) -> v.window = number(where, value, 1, 86_400)).inWar(),
            NodeOption.value("max-state-data-bytes", "N", DEFAULTS.maxStateDataBytes(),
                    "Most state data an instance may record with setServiceInfo.",
                    (v, where, value) -> v.stateData = number(where, value, 1, 1 << 20)).inWar(),
            NodeOption.value("metering-retention-days", "D", DEFAULTS.meteringRetentionDays(), "How long metering records are kept.",
                    (v, where, value) -> v.retention = number(where, value, 1, 36_500)).inWar(),
            NodeOption.value("max-metering-bytes", "N", STATE.maxMeteringBytes(), "Most disk space metering records take.",
                    (v, where, value) -> v.state = v.state.withMaxMeteringBytes(longNumber(where, value, 1, Long.MAX_VALUE))).inWar(),
            NodeOption.value("max-instances", "N", STATE.maxInstances(), "Most instances in the catalog.",
                    (v, where, value) -> v.state = v.state.withMaxInstances(number(where, value, 1, Integer.MAX_VALUE))).inWar(),
            NodeOption.value("max-instances-per-provider", "N", STATE.maxInstancesPerProvider(),
                    "Most instances one provider may register.",
                    (v, where, value) -> v.state = v.state.withMaxInstancesPerProvider(number(where, value, 1, Integer.MAX_VALUE))).inWar(),
            NodeOption.value("max-virtual-ports", "N", STATE.maxVirtualPorts(), "Most virtual ports.",
                    (v, where, value) -> v.state = v.state.withMaxVirtualPorts(number(where, value, 1, Integer.MAX_VALUE))).inWar(),
            NodeOption.value("max-fixed-choices", "N", STATE.maxFixedChoices(), "Most users' fixed instance choices kept.",
                    (v, where, value) -> v.state = v.state.withMaxFixedChoices(number(where, value, 1, Integer.MAX_VALUE))).inWar(),
            NodeOption.value("status-save-interval-seconds", "S", DEFAULTS.statusSaveInterval().toSeconds(),
                    "How often the status files are saved.",
                    (v, where, value) -> v.statusSave = number(where, value, 1, 86_400)).inWar(),
            NodeOption.value("login-free-failures", "N", LOGIN.freeFailuresPerUser(),
                    "Failed logins of a user before they are slowed down.",
                    (v, where, value) -> v.login = v.login.withFreeFailuresPerUser(number(where, value, 1, 1_000))).inWar(),
            NodeOption.value("login-free-failures-per-source", "N", LOGIN.freeFailuresPerSource(),
                    "Failed logins from one address before it is slowed down.",
                    (v, where, value) -> v.login = v.login.withFreeFailuresPerSource(number(where, value, 1, 100_000))).inWar(),
            NodeOption.value("login-max-backoff-seconds", "S", LOGIN.maxBackoff().toSeconds(), "Longest wait after failed logins.",
                    (v, where, value) -> v.login = v.login.withMaxBackoff(Duration.ofSeconds(number(where, value, 1, 86_400)))).inWar(),
            NodeOption.value("login-hashing-threads", "N", null, "Threads checking passwords; half the processors when left out.",
                    (v, where, value) -> v.login = v.login.withHashingThreads(number(where, value, 1, 256))).inWar(),
            NodeOption.value("audit-file", "FILE", "DATA-DIR/" + AuditConfig.FILE_NAME,
                    "Where every administrative action is appended as a JSON line (who, what, when, from where, outcome).",
                    (v, where, value) -> v.auditFile = value).inWar(),
            NodeOption.value("audit-max-bytes", "N", AuditConfig.DEFAULT_MAX_BYTES,
                    "Size past which the audit file is renamed to FILE.1 (replacing the older one) and begun again.",
                    (v, where, value) -> v.auditMaxBytes = longNumber(where, value, 1024, Long.MAX_VALUE)).inWar(),
            NodeOption.value("log-format", "text|json", "text", "Log layout; json is one object a line, for log shippers.",
                    (v, where, value) -> v.logFormat = oneOf(where, value, "text", "json")),
            NodeOption.value("log-file", "auto|console|FILE", NodeSettings.Logging.AUTO,
                    "Where the log goes; auto: the console when there is one, else DATA-DIR/logs/sd-node.log, rolled daily and at 100 MB.",
                    (v, where, value) -> v.logFile = value),
            NodeOption.value("otlp-endpoint", "URL", null,
                    "Export trace spans over OTLP/HTTP there (a collector's http://host:4318); W3C traceparent is passed on either way.",
                    (v, where, value) -> v.otlpEndpoint = value).inWar(),
            NodeOption.value("tracing-sample-ratio", "RATIO", TracingConfig.DEFAULT.sampleRatio(),
                    "With --otlp-endpoint, the share (0 to 1) of the traces the node starts (calls without a valid traceparent)"
                    + " that it records, chosen by trace id; a caller's sampled flag is followed either way.",
                    (v, where, value) -> v.tracingSampleRatio = ratio(where, value)).inWar(),
            NodeOption.toggle("access-log", "Log every virtual-port call (request id, port, operation, instance, status, duration).",
                    (v, where, value) -> v.accessLog = toggle(where, value)),
            discoveryOption("discovery", "off|adhoc|managed", "off",
                    "WS-Discovery: off opens no UDP socket; adhoc listens and answers on multicast; managed also serves the HTTP proxy."),
            discoveryOption("discovery-interface", "NAME", null,
                    "Interface WS-Discovery multicasts on; the first multicast interface that is up and not loopback when left out."),
            discoveryOption("discovery-port", "N", DiscoveryConfig.STANDARD_PORT, "UDP port of WS-Discovery."),
            discoveryOption("discovery-scopes", "\"URI ...\"", null,
                    "Scopes the node's virtual ports carry in WS-Discovery, separated by spaces (commas inside a scope stay)."),
            discoveryOption("discovery-max-answer-bytes", "BYTES", DiscoveryLimits.DEFAULT.maxAnswerBytes(),
                    "Largest WS-Discovery answer by UDP; matches that do not fit are left out."),
            discoveryOption("discovery-answers-per-second", "N", DiscoveryLimits.DEFAULT.answersPerSecond(),
                    "WS-Discovery answers by UDP a second to one source address."),
            discoveryOption("discovery-answer-repeats", "N", DiscoveryLimits.DEFAULT.answerRepeats(),
                    "Times a WS-Discovery answer by UDP is sent again (SOAP-over-UDP's UNICAST_UDP_REPEAT is 1)."),
            discoveryOption("discovery-remembered-targets", "N", DiscoveryLimits.DEFAULT.rememberedTargets(),
                    "Targets heard saying Hello that the managed WS-Discovery proxy remembers and answers for (0: none)."),
            discoveryOption("discovery-answer-delay", "MS", DiscoveryConfig.STANDARD_MAX_ANSWER_DELAY.toMillis(),
                    "Longest random wait before a WS-Discovery answer by UDP (APP_MAX_DELAY), so targets do not all answer at once."),
            discoveryOption("discovery-signing-keystore", "FILE", null,
                    "PKCS12 keystore of the RSA key and certificate that sign every WS-Discovery message the node sends."),
            NodeOption.secret("discovery-signing-keystore-password", "The discovery signing keystore's password.",
                    toDiscovery("discovery-signing-keystore-password")),
            discoveryOption("discovery-trusted-signers", "FILE", null,
                    "PEM certificates whose keys must sign the Hellos and Byes the node takes in; others are ignored."),
            NodeOption.value("zookeeper", "HOST:PORT,...", null,
                    "ZooKeeper ensemble of the cluster this node joins (with --cluster); a node of its own when left out.",
                    (v, where, value) -> v.zookeeper = value).inWar(),
            NodeOption.value("cluster", "NAME", null,
                    "Name of the cluster this node joins; its state lives under /servicedomain/NAME in ZooKeeper.",
                    (v, where, value) -> v.cluster = value).inWar(),
            NodeOption.secret("cluster-auth",
                    "ZooKeeper digest credential USER:PASSWORD the cluster's members share; their znodes are theirs alone.",
                    (v, where, value) -> v.clusterAuth = ClusterCredential.parse(value)).inWar(),
            NodeOption.value("drain-delay-ms", "MS", DrainConfig.BEHIND_LOAD_BALANCER.delay().toMillis(),
                    "On stop, how long the node keeps serving once /sd/health/ready answers 503, so load balancers notice; 0 without one.",
                    (v, where, value) -> v.drainDelayMs = number(where, value, 0, 3_600_000)).inWar(0, DRAIN_DELAY_WHY),
            NodeOption.value("drain-grace-ms", "MS", DrainConfig.BEHIND_LOAD_BALANCER.grace().toMillis(),
                    "On stop, the longest the node then waits for its in-flight requests to finish.",
                    (v, where, value) -> v.drainGraceMs = number(where, value, 0, 3_600_000)).inWar());

    private NodeOptions() {
    }

    /** The option called {@code name}, or null when there is none. */
    /** An option the WS-Discovery settings read, under its own name. */
    private static NodeOption discoveryOption(String name, String valueLabel, Object defaultValue, String help) {
        return NodeOption.value(name, valueLabel, defaultValue, help, toDiscovery(name));
    }

    private static NodeOption.Setter toDiscovery(String name) {
        return (v, where, value) -> v.discovery.accept("--" + name, value);
    }

    public static NodeOption find(String name) {
        for (NodeOption option : TABLE) {
            if (option.name().equals(name)) {
                return option;
            }
        }
        return null;
    }

    /** The option called {@code name}; refused when there is none. */
    public static NodeOption named(String name) {
        NodeOption option = find(name);
        if (option == null) {
            throw new IllegalArgumentException("unknown option " + name);
        }
        return option;
    }

    /** The options a WAR reads, in the table's order. */
    public static List<NodeOption> inWar() {
        return TABLE.stream().filter(option -> !option.launcherOnly()).toList();
    }
}
