package org.servicedomain.node.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.audit.AuditConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.cluster.ClusterCredential;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.discovery.DiscoveryLimits;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.network.MetricsAccess;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.session.LoginLimits;
import org.servicedomain.node.tracing.TracingConfig;

/**
 * The launcher's options, from the command line, the environment ({@code SD_PORT}, ...) and a
 * configuration file ({@code --config FILE}, properties or YAML), in that order of precedence,
 * over the defaults. Every option is one row of {@link #TABLE}.
 */
record LauncherOptions(int port, String dataDir, String host, long maxMessageBytes, Integer statisticsWindowSeconds,
        Integer maxStateDataBytes, Integer meteringRetentionDays, String nodeName, long pollIntervalMs, String console,
        String metricsNetworks, String allowNetworks, String denyNetworks, String publicBaseUrl, String publicDataUrl, Integer bodyTimeoutSeconds,
        Long minBodyBytesPerSecond, StateLimits stateLimits, LoginLimits loginLimits, String trustedProxies,
        Integer maxConnectionsPerInstance, Integer maxConnections, Integer statusSaveIntervalSeconds,
        Logging logging, String tlsKeystore, String tlsKeystorePassword, String parentSecret, String metricsToken,
        DiscoveryConfig discovery, ClusterConfig cluster, DrainConfig drain, Integer relayPort, Integer relayIdleSeconds,
        Integer headerTimeoutSeconds, Integer relayMaxConnections, Integer relayMaxConnectionsPerSource, String auditFile,
        long auditMaxBytes, TracingConfig tracing, int tomcatThreads) {

    /** The {@code --relay-port} value that serves the virtual ports on {@code --port} only. */
    static final String NO_RELAY = "off";
    /** How far above {@code --port} the data plane listens when {@code --relay-port} is left out. */
    static final int RELAY_PORT_OFFSET = 100;

    /** The {@code --console} value that turns the console off. */
    static final String NO_CONSOLE = "none";
    /** The option naming the configuration file; it is read before the others. */
    static final String CONFIG = "config";

    /** How the node logs: {@code format} text or json; {@code file} auto, console or a path; the access log on or off. */
    record Logging(String format, String file, boolean accessLog) {
        static final String AUTO = "auto";
        static final String CONSOLE = "console";
    }

    private static final NodeConfig DEFAULTS = NodeConfig.builder(Path.of("sd-data")).build();
    private static final StateLimits STATE = StateLimits.DEFAULT;
    private static final LoginLimits LOGIN = LoginLimits.DEFAULT;

    /** Every option, in the order help lists them. */
    static final List<LauncherOption> TABLE = List.of(
            LauncherOption.value(CONFIG, "FILE", null,
                    "Properties or YAML file (.yml/.yaml) of options, keyed by option name without the dashes.",
                    (v, flag, value) -> { }),
            LauncherOption.value("port", "N", 8080, "HTTP port to listen on; 0 takes any free port.",
                    (v, flag, value) -> v.port = number(flag, value, 0, 65535)),
            LauncherOption.value("relay-port", "N|off", "--port + " + RELAY_PORT_OFFSET,
                    "The data plane: virtual ports served on the dispatching event loops (HTTPS with --tls-keystore),"
                    + " the address every WSDL advertises; 0 takes any free port; off serves them on --port only.",
                    (v, flag, value) -> v.relayPort = NO_RELAY.equalsIgnoreCase(value) ? -1 : number(flag, value, 0, 65535)),
            LauncherOption.value("relay-idle-seconds", "S", DEFAULTS.relayIdleTimeout().toSeconds(),
                    "How long the relay keeps a client's connection open with no request on it.",
                    (v, flag, value) -> v.relayIdleSeconds = number(flag, value, 1, 86_400)),
            LauncherOption.value("header-timeout-seconds", "S", DEFAULTS.headerTimeout().toSeconds(),
                    "How long a client may take to send a request's line and headers, on Tomcat's port and the relay; then 408.",
                    (v, flag, value) -> v.headerTimeoutSeconds = number(flag, value, 1, 86_400)),
            LauncherOption.value("relay-max-connections", "N", NodeConfig.DEFAULT_RELAY_MAX_CONNECTIONS,
                    "The most connections the relay holds open at once; one more is closed at accept. Never more than"
                    + " three quarters of the process's descriptor limit.",
                    (v, flag, value) -> v.relayMaxConnections = number(flag, value, 1, 1_000_000)),
            LauncherOption.value("relay-max-connections-per-source", "N", NodeConfig.DEFAULT_RELAY_MAX_CONNECTIONS_PER_SOURCE,
                    "The most relay connections one client address holds open at once; one more is closed at accept."
                    + " Set it when clients reach the node directly, not through a load balancer.",
                    (v, flag, value) -> v.relayMaxConnectionsPerSource = number(flag, value, 1, 1_000_000)),
            LauncherOption.value("host", "ADDRESS", null, "Address to listen on; every interface when left out.",
                    (v, flag, value) -> v.host = value),
            LauncherOption.value("data-dir", "DIR", DEFAULTS.dataDir(), "Where the node keeps its state and logs.",
                    (v, flag, value) -> v.dataDir = value),
            LauncherOption.value("console", "WAR|none", null,
                    "The admin console's WAR; found beside the jar or in the build tree when left out; none serves none.",
                    (v, flag, value) -> v.console = value),
            LauncherOption.value("node-name", "NAME", DEFAULTS.hierarchy().nodeName(), "This node's name in a hierarchy.",
                    (v, flag, value) -> v.nodeName = value),
            LauncherOption.value("poll-interval-ms", "MS", DEFAULTS.hierarchy().pollInterval().toMillis(),
                    "How often a parent polls its child nodes.",
                    (v, flag, value) -> v.pollMs = number(flag, value, 1, Integer.MAX_VALUE)),
            LauncherOption.value("public-base-url", "URL", null,
                    "The node's address as clients see it (behind a proxy), for WSDLs.",
                    (v, flag, value) -> v.publicBaseUrl = value),
            LauncherOption.value("public-data-url", "URL", null,
                    "The data plane's address as clients see it, when not under --public-base-url; virtual ports are advertised there.",
                    (v, flag, value) -> v.publicDataUrl = value),
            LauncherOption.value("trusted-proxies", "REGEX", null,
                    "Proxy addresses whose X-Forwarded-For and X-Forwarded-Proto are believed.",
                    (v, flag, value) -> v.trustedProxies = pattern(flag, value)),
            LauncherOption.value("tls-keystore", "FILE", null,
                    "PKCS12 keystore of the node's key and certificate; the node then serves HTTPS only.",
                    (v, flag, value) -> v.tlsKeystore = value),
            LauncherOption.secret("tls-keystore-password", "The keystore's password.",
                    (v, flag, value) -> v.tlsKeystorePassword = value),
            LauncherOption.secret("parent-secret", "Secret shared with a parent node and with peers.",
                    (v, flag, value) -> v.parentSecret = value),
            LauncherOption.secret("metrics-token", "Bearer token a metrics scraper may send instead of coming from --metrics-networks.",
                    (v, flag, value) -> v.metricsToken = value),
            LauncherOption.value("metrics-networks", "CIDR,...", null, "Networks that may scrape /sd/metrics; loopback only when neither this nor metrics-token is set.",
                    (v, flag, value) -> v.metricsNetworks = networks(value)),
            LauncherOption.value("allow-networks", "CIDR,...", null, "Networks provider WSDLs and endpoints may lie in.",
                    (v, flag, value) -> v.allowNetworks = networks(value)),
            LauncherOption.value("deny-networks", "CIDR,...", null, "Networks provider WSDLs and endpoints may not lie in.",
                    (v, flag, value) -> v.denyNetworks = networks(value)),
            LauncherOption.value("max-message-bytes", "N", DEFAULTS.maxMessageBytes(), "Largest request or reply body.",
                    (v, flag, value) -> v.maxBytes = number(flag, value, 1, Integer.MAX_VALUE)),
            LauncherOption.value("body-timeout-seconds", "S", DEFAULTS.bodyTimeout().toSeconds(),
                    "How long a client may take to send a whole request body.",
                    (v, flag, value) -> v.bodyTimeout = number(flag, value, 1, 86_400)),
            LauncherOption.value("min-body-bytes-per-second", "N", DEFAULTS.minBodyBytesPerSecond(),
                    "Slowest request body a client may send.",
                    (v, flag, value) -> v.minBodyRate = (long) number(flag, value, 0, Integer.MAX_VALUE)),
            LauncherOption.value("tomcat-threads", "N", NodeConfig.DEFAULT_TOMCAT_THREADS,
                    "Tomcat's request threads on --port (home port, console, and virtual ports when the relay is off);"
                    + " a few busy threads cost less per request than many idle ones.",
                    (v, flag, value) -> v.tomcatThreads = number(flag, value, 1, 10_000)),
            LauncherOption.value("max-connections-per-instance", "N", DEFAULTS.maxConnectionsPerInstance(),
                    "Pooled connections to one instance.",
                    (v, flag, value) -> v.perInstance = number(flag, value, 1, 65_535)),
            LauncherOption.value("max-connections", "N", DEFAULTS.maxConnectionsTotal(), "Pooled connections to all instances.",
                    (v, flag, value) -> v.connections = number(flag, value, 1, 1_000_000)),
            LauncherOption.value("statistics-window-seconds", "S", DEFAULTS.statisticsWindow().toSeconds(),
                    "Length of the statistics' sliding window.",
                    (v, flag, value) -> v.window = number(flag, value, 1, 86_400)),
            LauncherOption.value("max-state-data-bytes", "N", DEFAULTS.maxStateDataBytes(),
                    "Most state data an instance may record with setServiceInfo.",
                    (v, flag, value) -> v.stateData = number(flag, value, 1, 1 << 20)),
            LauncherOption.value("metering-retention-days", "D", DEFAULTS.meteringRetentionDays(), "How long metering records are kept.",
                    (v, flag, value) -> v.retention = number(flag, value, 1, 36_500)),
            LauncherOption.value("max-metering-bytes", "N", STATE.maxMeteringBytes(), "Most disk space metering records take.",
                    (v, flag, value) -> v.state = v.state.withMaxMeteringBytes(longNumber(flag, value, 1, Long.MAX_VALUE))),
            LauncherOption.value("max-instances", "N", STATE.maxInstances(), "Most instances in the catalog.",
                    (v, flag, value) -> v.state = v.state.withMaxInstances(number(flag, value, 1, Integer.MAX_VALUE))),
            LauncherOption.value("max-instances-per-provider", "N", STATE.maxInstancesPerProvider(),
                    "Most instances one provider may register.",
                    (v, flag, value) -> v.state = v.state.withMaxInstancesPerProvider(number(flag, value, 1, Integer.MAX_VALUE))),
            LauncherOption.value("max-virtual-ports", "N", STATE.maxVirtualPorts(), "Most virtual ports.",
                    (v, flag, value) -> v.state = v.state.withMaxVirtualPorts(number(flag, value, 1, Integer.MAX_VALUE))),
            LauncherOption.value("max-fixed-choices", "N", STATE.maxFixedChoices(), "Most users' fixed instance choices kept.",
                    (v, flag, value) -> v.state = v.state.withMaxFixedChoices(number(flag, value, 1, Integer.MAX_VALUE))),
            LauncherOption.value("status-save-interval-seconds", "S", DEFAULTS.statusSaveInterval().toSeconds(),
                    "How often the status files are saved.",
                    (v, flag, value) -> v.statusSave = number(flag, value, 1, 86_400)),
            LauncherOption.value("login-free-failures", "N", LOGIN.freeFailuresPerUser(),
                    "Failed logins of a user before they are slowed down.",
                    (v, flag, value) -> v.login = v.login.withFreeFailuresPerUser(number(flag, value, 1, 1_000))),
            LauncherOption.value("login-free-failures-per-source", "N", LOGIN.freeFailuresPerSource(),
                    "Failed logins from one address before it is slowed down.",
                    (v, flag, value) -> v.login = v.login.withFreeFailuresPerSource(number(flag, value, 1, 100_000))),
            LauncherOption.value("login-max-backoff-seconds", "S", LOGIN.maxBackoff().toSeconds(), "Longest wait after failed logins.",
                    (v, flag, value) -> v.login = v.login.withMaxBackoff(Duration.ofSeconds(number(flag, value, 1, 86_400)))),
            LauncherOption.value("login-hashing-threads", "N", null, "Threads checking passwords; half the processors when left out.",
                    (v, flag, value) -> v.login = v.login.withHashingThreads(number(flag, value, 1, 256))),
            LauncherOption.value("audit-file", "FILE", "DATA-DIR/" + AuditConfig.FILE_NAME,
                    "Where every administrative action is appended as a JSON line (who, what, when, from where, outcome).",
                    (v, flag, value) -> v.auditFile = value),
            LauncherOption.value("audit-max-bytes", "N", AuditConfig.DEFAULT_MAX_BYTES,
                    "Size past which the audit file is renamed to FILE.1 (replacing the older one) and begun again.",
                    (v, flag, value) -> v.auditMaxBytes = longNumber(flag, value, 1024, Long.MAX_VALUE)),
            LauncherOption.value("log-format", "text|json", "text", "Log layout; json is one object a line, for log shippers.",
                    (v, flag, value) -> v.logFormat = oneOf(flag, value, "text", "json")),
            LauncherOption.value("log-file", "auto|console|FILE", Logging.AUTO,
                    "Where the log goes; auto: the console when there is one, else DATA-DIR/logs/sd-node.log, rolled daily and at 100 MB.",
                    (v, flag, value) -> v.logFile = value),
            LauncherOption.value("otlp-endpoint", "URL", null,
                    "Export trace spans over OTLP/HTTP there (a collector's http://host:4318); W3C traceparent is passed on either way.",
                    (v, flag, value) -> v.otlpEndpoint = value),
            LauncherOption.value("tracing-sample-ratio", "RATIO", TracingConfig.DEFAULT.sampleRatio(),
                    "With --otlp-endpoint, the share (0 to 1) of the traces the node starts (calls without a valid traceparent)"
                    + " that it records, chosen by trace id; a caller's sampled flag is followed either way.",
                    (v, flag, value) -> v.tracingSampleRatio = ratio(flag, value)),
            LauncherOption.toggle("access-log", "Log every virtual-port call (request id, port, operation, instance, status, duration).",
                    (v, flag, value) -> v.accessLog = toggle(flag, value)),
            LauncherOption.value("discovery", "off|adhoc|managed", "off",
                    "WS-Discovery: off opens no UDP socket; adhoc listens and answers on multicast; managed also serves the HTTP proxy.",
                    (v, flag, value) -> v.discovery.accept("--discovery", value)),
            LauncherOption.value("discovery-interface", "NAME", null,
                    "Interface WS-Discovery multicasts on; the first multicast interface that is up and not loopback when left out.",
                    (v, flag, value) -> v.discovery.accept("--discovery-interface", value)),
            LauncherOption.value("discovery-port", "N", DiscoveryConfig.STANDARD_PORT, "UDP port of WS-Discovery.",
                    (v, flag, value) -> v.discovery.accept("--discovery-port", value)),
            LauncherOption.value("discovery-scopes", "\"URI ...\"", null,
                    "Scopes the node's virtual ports carry in WS-Discovery, separated by spaces (commas inside a scope stay).",
                    (v, flag, value) -> v.discovery.accept("--discovery-scopes", value)),
            LauncherOption.value("discovery-max-answer-bytes", "BYTES", DiscoveryLimits.DEFAULT.maxAnswerBytes(),
                    "Largest WS-Discovery answer by UDP; matches that do not fit are left out.",
                    (v, flag, value) -> v.discovery.accept("--discovery-max-answer-bytes", value)),
            LauncherOption.value("discovery-answers-per-second", "N", DiscoveryLimits.DEFAULT.answersPerSecond(),
                    "WS-Discovery answers by UDP a second to one source address.",
                    (v, flag, value) -> v.discovery.accept("--discovery-answers-per-second", value)),
            LauncherOption.value("discovery-answer-repeats", "N", DiscoveryLimits.DEFAULT.answerRepeats(),
                    "Times a WS-Discovery answer by UDP is sent again (SOAP-over-UDP's UNICAST_UDP_REPEAT is 1).",
                    (v, flag, value) -> v.discovery.accept("--discovery-answer-repeats", value)),
            LauncherOption.value("discovery-remembered-targets", "N", DiscoveryLimits.DEFAULT.rememberedTargets(),
                    "Targets heard saying Hello that the managed WS-Discovery proxy remembers and answers for (0: none).",
                    (v, flag, value) -> v.discovery.accept("--discovery-remembered-targets", value)),
            LauncherOption.value("discovery-answer-delay", "MS", DiscoveryConfig.STANDARD_MAX_ANSWER_DELAY.toMillis(),
                    "Longest random wait before a WS-Discovery answer by UDP (APP_MAX_DELAY), so targets do not all answer at once.",
                    (v, flag, value) -> v.discovery.accept("--discovery-answer-delay", value)),
            LauncherOption.value("discovery-signing-keystore", "FILE", null,
                    "PKCS12 keystore of the RSA key and certificate that sign every WS-Discovery message the node sends.",
                    (v, flag, value) -> v.discovery.accept("--discovery-signing-keystore", value)),
            LauncherOption.secret("discovery-signing-keystore-password", "The discovery signing keystore's password.",
                    (v, flag, value) -> v.discovery.accept("--discovery-signing-keystore-password", value)),
            LauncherOption.value("discovery-trusted-signers", "FILE", null,
                    "PEM certificates whose keys must sign the Hellos and Byes the node takes in; others are ignored.",
                    (v, flag, value) -> v.discovery.accept("--discovery-trusted-signers", value)),
            LauncherOption.value("zookeeper", "HOST:PORT,...", null,
                    "ZooKeeper ensemble of the cluster this node joins (with --cluster); a node of its own when left out.",
                    (v, flag, value) -> v.zookeeper = value),
            LauncherOption.value("cluster", "NAME", null,
                    "Name of the cluster this node joins; its state lives under /servicedomain/NAME in ZooKeeper.",
                    (v, flag, value) -> v.cluster = value),
            LauncherOption.secret("cluster-auth",
                    "ZooKeeper digest credential USER:PASSWORD the cluster's members share; their znodes are theirs alone.",
                    (v, flag, value) -> v.clusterAuth = ClusterCredential.parse(value)),
            LauncherOption.value("drain-delay-ms", "MS", DrainConfig.BEHIND_LOAD_BALANCER.delay().toMillis(),
                    "On stop, how long the node keeps serving once /sd/health/ready answers 503, so load balancers notice; 0 without one.",
                    (v, flag, value) -> v.drainDelayMs = number(flag, value, 0, 3_600_000)),
            LauncherOption.value("drain-grace-ms", "MS", DrainConfig.BEHIND_LOAD_BALANCER.grace().toMillis(),
                    "On stop, the longest the node then waits for its in-flight requests to finish.",
                    (v, flag, value) -> v.drainGraceMs = number(flag, value, 0, 3_600_000)));

    /** Mutable while the sources are applied; then frozen into a {@link LauncherOptions}. */
    static final class Values {
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
        StateLimits state = STATE;
        LoginLimits login = LOGIN;
        String trustedProxies;
        Integer perInstance;
        Integer connections;
        Integer statusSave;
        String logFormat = "text";
        String logFile = Logging.AUTO;
        boolean accessLog;
        String tlsKeystore;
        String tlsKeystorePassword;
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

        LauncherOptions freeze() {
            return new LauncherOptions(port, dataDir, host, maxBytes, window, stateData, retention, nodeName, pollMs, console,
                    metricsNetworks, allowNetworks, denyNetworks, publicBaseUrl, publicDataUrl, bodyTimeout, minBodyRate, state, login,
                    trustedProxies, perInstance, connections, statusSave, new Logging(logFormat, logFile, accessLog),
                    tlsKeystore, tlsKeystorePassword, parentSecret, metricsToken, discovery.config(), clusterConfig(),
                    new DrainConfig(Duration.ofMillis(drainDelayMs), Duration.ofMillis(drainGraceMs)), relayPort, relayIdleSeconds,
                    headerTimeoutSeconds, relayMaxConnections, relayMaxConnectionsPerSource, auditFile, auditMaxBytes,
                    new TracingConfig(otlpEndpoint, tracingSampleRatio), tomcatThreads);
        }

        private ClusterConfig clusterConfig() {
            if (zookeeper == null && cluster == null) {
                if (clusterAuth != null) {
                    throw new IllegalArgumentException("--cluster-auth is for a member of a cluster: give --zookeeper and --cluster too");
                }
                return null;
            }
            if (zookeeper == null || cluster == null) {
                throw new IllegalArgumentException("--zookeeper and --cluster go together: give both to join a cluster");
            }
            return new ClusterConfig(zookeeper, cluster, clusterAuth);
        }
    }

    /** The options from the command line alone, or null when it asks for help. */
    static LauncherOptions parse(String[] args) {
        return parse(args, Map.of());
    }

    /**
     * The options from the command line, then {@code environment}, then the configuration file
     * ({@code --config} or {@code SD_CONFIG}), then the defaults; null when the command line asks for help.
     */
    static LauncherOptions parse(String[] args, Map<String, String> environment) {
        Map<String, String> commandLine = commandLine(args);
        if (commandLine == null) {
            return null;
        }
        Map<String, Source> chosen = new LinkedHashMap<>();
        String file = commandLine.getOrDefault(CONFIG, environment.get(byName(CONFIG).environmentName()));
        if (file != null && !file.isBlank()) {
            ConfigFile.read(Path.of(file)).forEach((name, value) -> chosen.put(name, new Source(file + ": " + name, value)));
        }
        for (LauncherOption option : TABLE) {
            String value = environment.get(option.environmentName());
            if (value != null && !value.isBlank()) {
                chosen.put(option.name(), new Source(option.environmentName(), value));
            }
        }
        commandLine.forEach((name, value) -> chosen.put(name, new Source(byName(name).flag(), value)));
        Values values = new Values();
        chosen.forEach((name, source) -> byName(name).setter().set(values, source.where(), source.value().trim()));
        return values.freeze();
    }

    private record Source(String where, String value) {
    }

    /** Option name to value as given on the command line; null for help. */
    private static Map<String, String> commandLine(String[] args) {
        Map<String, String> given = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (flag.equals("--help") || flag.equals("-h")) {
                return null;
            }
            LauncherOption option = flag.startsWith("--") ? find(flag.substring(2)) : null;
            if (option == null) {
                throw unknown(flag, i);
            }
            if (option.secret()) {
                throw new IllegalArgumentException(flag + " is a secret: give it as " + option.environmentName()
                        + " or in the --config file, not on the command line where every user's ps shows it");
            }
            if (option.isToggle()) {
                given.put(option.name(), "true");
                continue;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + flag);
            }
            given.put(option.name(), args[++i]);
        }
        return given;
    }

    /**
     * The error for an argument that is no option, which never repeats what followed an {@code =} nor a
     * bare word: either may be a secret typed in the wrong form.
     */
    private static IllegalArgumentException unknown(String flag, int index) {
        if (!flag.startsWith("--")) {
            return new IllegalArgumentException("argument " + (index + 1) + " is not an option (options start with --;"
                    + " a value follows its option after a space)");
        }
        int equals = flag.indexOf('=');
        if (equals < 0) {
            return new IllegalArgumentException("unknown option " + flag);
        }
        String name = flag.substring(0, equals);
        LauncherOption meant = find(name.substring(2));
        if (meant != null && meant.secret()) {
            return new IllegalArgumentException(name + " is a secret: give it as " + meant.environmentName()
                    + " or in the --config file, not on the command line where every user's ps shows it (its value is not shown)");
        }
        return new IllegalArgumentException("unknown option " + name + "=... (a value follows its option after a space;"
                + " the value is not shown)");
    }

    /** The --config file the command line or {@code environment} names, or null; for checks made once logging is set up. */
    static Path configFile(String[] args, Map<String, String> environment) {
        Map<String, String> commandLine = commandLine(args);
        String file = commandLine == null ? null : commandLine.getOrDefault(CONFIG, environment.get(byName(CONFIG).environmentName()));
        return file == null || file.isBlank() ? null : Path.of(file);
    }

    static LauncherOption find(String name) {
        for (LauncherOption option : TABLE) {
            if (option.name().equals(name)) {
                return option;
            }
        }
        return null;
    }

    private static LauncherOption byName(String name) {
        LauncherOption option = find(name);
        if (option == null) {
            throw new IllegalArgumentException("unknown option " + name);
        }
        return option;
    }

    /** What {@code --help} prints: usage, the precedence, and every option of the table. */
    static String help() {
        StringBuilder out = new StringBuilder();
        out.append("usage: java -jar sd-node-standalone.jar [--OPTION VALUE]... | --help | --version\n\n");
        out.append("Each option can also be set by its environment variable, or as NAME in the --config file\n");
        out.append("(NAME=VALUE in properties, NAME: VALUE in YAML). Precedence: command line, environment,\n");
        out.append("file, default. Secrets are read only from the environment or the file.\n\n");
        for (LauncherOption option : TABLE) {
            String left = option.secret() ? option.name() + " (secret)"
                    : option.flag() + (option.isToggle() ? "" : " " + option.valueLabel());
            out.append(String.format("  %-42s %s%n", left, option.environmentName()));
            out.append("      ").append(option.help());
            if (option.defaultValue() != null) {
                out.append(" Default: ").append(option.defaultValue()).append('.');
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The node's settings, its secrets included. */
    NodeConfig config() {
        return config(parentSecret, metricsToken);
    }

    /** The node's settings with {@code parentSecret} as the secret shared with parent and peers. */
    NodeConfig config(String parentSecret) {
        return config(parentSecret, null);
    }

    /** As {@link #config(String)}, with the bearer token a metrics scraper may send (null: none). */
    NodeConfig config(String parentSecret, String metricsToken) {
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
        return config.build();
    }

    private static String networks(String value) {
        Networks.parse(value);
        return value;
    }

    private static String pattern(String flag, String value) {
        try {
            Pattern.compile(value);
            return value;
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(flag + " needs a regular expression of proxy addresses but got " + value, e);
        }
    }

    /**
     * The data plane's port: {@code --relay-port}, else {@value #RELAY_PORT_OFFSET} above {@code --port}
     * (any free port when {@code --port} is 0); -1 for none ({@code --relay-port off}).
     */
    int dataPlanePort() {
        if (relayPort != null) {
            return relayPort;
        }
        return port == 0 || port + RELAY_PORT_OFFSET > 65535 ? 0 : port + RELAY_PORT_OFFSET;
    }

    private static String oneOf(String flag, String value, String... allowed) {
        if (!List.of(allowed).contains(value)) {
            throw new IllegalArgumentException(flag + " must be one of " + String.join(", ", allowed) + " but was " + value);
        }
        return value;
    }

    private static boolean toggle(String flag, String value) {
        String given = oneOf(flag, value.toLowerCase(Locale.ROOT), "true", "false", "on", "off");
        return given.equals("true") || given.equals("on");
    }

    /** A share from 0 to 1, such as {@code 0.05}. */
    private static double ratio(String flag, String value) {
        double ratio;
        try {
            ratio = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a number from 0 to 1 but got " + value, e);
        }
        if (!(ratio >= 0 && ratio <= 1)) {
            throw new IllegalArgumentException(flag + " must be between 0 and 1 but was " + value);
        }
        return ratio;
    }

    private static int number(String flag, String value, int min, int max) {
        return (int) longNumber(flag, value, min, max);
    }

    private static long longNumber(String flag, String value, long min, long max) {
        try {
            long n = Long.parseLong(value);
            if (n < min || n > max) {
                throw new IllegalArgumentException(flag + " must be between " + min + " and " + max + " but was " + n);
            }
            return n;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(flag + " needs a number but got " + value, e);
        }
    }
}
