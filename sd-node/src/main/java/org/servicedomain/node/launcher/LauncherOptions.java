package org.servicedomain.node.launcher;

import java.nio.file.Path;
import java.time.Duration;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.network.MetricsAccess;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.session.LoginLimits;

/** The launcher's command line, parsed and checked. */
record LauncherOptions(int port, String dataDir, String host, long maxMessageBytes, Integer statisticsWindowSeconds,
        Integer maxStateDataBytes, Integer meteringRetentionDays, String nodeName, long pollIntervalMs, String console,
        String metricsNetworks, String allowNetworks, String denyNetworks, String publicBaseUrl, Integer bodyTimeoutSeconds,
        Long minBodyBytesPerSecond, StateLimits stateLimits, LoginLimits loginLimits, String trustedProxies,
        Integer maxConnectionsPerInstance, Integer maxConnections, Integer statusSaveIntervalSeconds,
        DiscoveryConfig discovery) {

    /** The {@code --console} value that turns the console off. */
    static final String NO_CONSOLE = "none";

    static final String USAGE = "usage: java -jar sd-node-standalone.jar [--port 8080] [--data-dir ./sd-data]"
            + " [--host ADDRESS] [--max-message-bytes " + NodeConfig.DEFAULT_MAX_MESSAGE_BYTES + "]"
            + " [--statistics-window-seconds 60] [--max-state-data-bytes 4096] [--metering-retention-days 400]"
            + " [--node-name node] [--poll-interval-ms 30000] [--console sd-admin.war|none]"
            + " [--metrics-networks CIDR,...] [--allow-networks CIDR,...] [--deny-networks CIDR,...] [--public-base-url URL]"
            + " [--body-timeout-seconds 30] [--min-body-bytes-per-second 1024]"
            + " [--max-instances 10000] [--max-instances-per-provider 200] [--max-virtual-ports 1000]"
            + " [--max-metering-bytes 1073741824] [--login-free-failures 5] [--login-free-failures-per-source 20]"
            + " [--login-max-backoff-seconds 900] [--login-hashing-threads N] [--trusted-proxies REGEX]"
            + " [--max-connections-per-instance 256] [--max-connections 4096]"
            + " [--status-save-interval-seconds 30] [--max-fixed-choices 100000]"
            + DiscoveryOptions.USAGE
            + "   (parent and peer secret: environment variable SD_PARENT_SECRET;"
            + " metrics bearer token: SD_METRICS_TOKEN)";

    /** The options, or null when the caller asked for help. */
    static LauncherOptions parse(String[] args) {
        int port = 8080;
        String dataDir = "sd-data";
        String host = null;
        long maxBytes = NodeConfig.DEFAULT_MAX_MESSAGE_BYTES;
        Integer window = null;
        Integer stateData = null;
        Integer retention = null;
        String nodeName = "node";
        long pollMs = 30_000;
        String console = null;
        String metricsNetworks = null;
        String allowNetworks = null;
        String denyNetworks = null;
        String publicBaseUrl = null;
        Integer bodyTimeout = null;
        Long minBodyRate = null;
        StateLimits state = StateLimits.DEFAULT;
        LoginLimits login = LoginLimits.DEFAULT;
        String trustedProxies = null;
        Integer perInstance = null;
        Integer connections = null;
        Integer statusSave = null;
        DiscoveryOptions discovery = new DiscoveryOptions();
        for (int i = 0; i < args.length; i++) {
            String flag = args[i];
            if (flag.equals("--help") || flag.equals("-h")) {
                return null;
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException("missing value after " + flag);
            }
            String value = args[++i];
            switch (flag) {
                case "--port" -> port = number(flag, value, 0, 65535);
                case "--data-dir" -> dataDir = value;
                case "--host" -> host = value;
                case "--max-message-bytes" -> maxBytes = number(flag, value, 1, Integer.MAX_VALUE);
                case "--statistics-window-seconds" -> window = number(flag, value, 1, 86_400);
                case "--max-state-data-bytes" -> stateData = number(flag, value, 1, 1 << 20);
                case "--metering-retention-days" -> retention = number(flag, value, 1, 36_500);
                case "--node-name" -> nodeName = value;
                case "--poll-interval-ms" -> pollMs = number(flag, value, 1, Integer.MAX_VALUE);
                case "--console" -> console = value;
                case "--metrics-networks" -> metricsNetworks = value;
                case "--allow-networks" -> allowNetworks = value;
                case "--deny-networks" -> denyNetworks = value;
                case "--public-base-url" -> publicBaseUrl = value;
                case "--body-timeout-seconds" -> bodyTimeout = number(flag, value, 1, 86_400);
                case "--min-body-bytes-per-second" -> minBodyRate = (long) number(flag, value, 0, Integer.MAX_VALUE);
                case "--max-instances" -> state = state.withMaxInstances(number(flag, value, 1, Integer.MAX_VALUE));
                case "--max-instances-per-provider" ->
                        state = state.withMaxInstancesPerProvider(number(flag, value, 1, Integer.MAX_VALUE));
                case "--max-virtual-ports" -> state = state.withMaxVirtualPorts(number(flag, value, 1, Integer.MAX_VALUE));
                case "--max-metering-bytes" -> state = state.withMaxMeteringBytes(longNumber(flag, value, 1, Long.MAX_VALUE));
                case "--login-free-failures" -> login = login.withFreeFailuresPerUser(number(flag, value, 1, 1_000));
                case "--login-free-failures-per-source" ->
                        login = login.withFreeFailuresPerSource(number(flag, value, 1, 100_000));
                case "--login-max-backoff-seconds" ->
                        login = login.withMaxBackoff(Duration.ofSeconds(number(flag, value, 1, 86_400)));
                case "--login-hashing-threads" -> login = login.withHashingThreads(number(flag, value, 1, 256));
                case "--trusted-proxies" -> trustedProxies = pattern(flag, value);
                case "--max-connections-per-instance" -> perInstance = number(flag, value, 1, 65_535);
                case "--max-connections" -> connections = number(flag, value, 1, 1_000_000);
                case "--status-save-interval-seconds" -> statusSave = number(flag, value, 1, 86_400);
                case "--max-fixed-choices" -> state = state.withMaxFixedChoices(number(flag, value, 1, Integer.MAX_VALUE));
                default -> {
                    if (!discovery.accept(flag, value)) {
                        throw new IllegalArgumentException("unknown option " + flag);
                    }
                }
            }
        }
        Networks.parse(metricsNetworks);
        Networks.parse(allowNetworks);
        Networks.parse(denyNetworks);
        return new LauncherOptions(port, dataDir, host, maxBytes, window, stateData, retention, nodeName, pollMs,
                console, metricsNetworks, allowNetworks, denyNetworks, publicBaseUrl, bodyTimeout, minBodyRate, state, login,
                trustedProxies, perInstance, connections, statusSave, discovery.config());
    }

    private static String pattern(String flag, String value) {
        try {
            Pattern.compile(value);
            return value;
        } catch (PatternSyntaxException e) {
            throw new IllegalArgumentException(flag + " needs a regular expression of proxy addresses but got " + value, e);
        }
    }

    /** The node's settings: those given on the command line (and the parent's secret), defaults for the rest. */
    NodeConfig config(String parentSecret) {
        return config(parentSecret, null);
    }

    /** As {@link #config(String)}, with the bearer token a metrics scraper may send (null: none). */
    NodeConfig config(String parentSecret, String metricsToken) {
        NodeConfig.Builder config = NodeConfig.builder(Path.of(dataDir)).maxMessageBytes(maxMessageBytes)
                .hierarchy(new HierarchyConfig(nodeName, parentSecret, Duration.ofMillis(pollIntervalMs)))
                .metricsAccess(new MetricsAccess(Networks.parse(metricsNetworks), metricsToken))
                .publicBaseUrl(publicBaseUrl).stateLimits(stateLimits).loginLimits(loginLimits);
        if (allowNetworks != null || denyNetworks != null) {
            boolean loopbackOnly = host != null && Networks.literal(host) != null && Networks.literal(host).isLoopbackAddress();
            config.providerNetworks(ProviderNetworks.of(allowNetworks, denyNetworks, loopbackOnly));
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
        return config.build();
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
