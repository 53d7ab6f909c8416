package org.servicedomain.node.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.NodeVersion;
import org.servicedomain.node.cluster.ClusterImportCommand;
import org.servicedomain.node.config.NodeSettings;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.node.qos.QosPlanCommand;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * {@code java -jar sd-node-standalone.jar [--OPTION VALUE]...} (all options, also from the
 * environment and a configuration file: {@code --help}; {@code --version}): runs one
 * node, and the admin console beside it at {@code /sd-admin} when its WAR is named or found, until
 * SIGTERM, then stops it cleanly. {@code java -jar sd-node-standalone.jar qos-plan FILE.json} runs the
 * bandwidth allocator on a capacity plan instead ({@link QosPlanCommand}); {@code cluster-import ...}
 * copies a stopped node's state into a new cluster ({@link ClusterImportCommand}).
 */
public final class NodeLauncher {

    private static final Logger LOG = LoggerFactory.getLogger(NodeLauncher.class);

    private NodeLauncher() {
    }

    /** The console's WAR: the one named, none for {@code --console none}, else one found beside the jar or in the build tree. */
    private static Path consoleWar(NodeSettings options) {
        if (options.console() == null) {
            return ConsoleWar.detect().orElse(null);
        }
        if (options.console().equals(LauncherOptions.NO_CONSOLE)) {
            return null;
        }
        Path war = Path.of(options.console());
        if (!Files.isRegularFile(war)) {
            throw new IllegalArgumentException("--console: no file " + war.toAbsolutePath());
        }
        return war;
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        if (args.length > 0 && args[0].equals(QosPlanCommand.NAME)) {
            System.exit(QosPlanCommand.run(List.of(args).subList(1, args.length), System.out, System.err));
            return;
        }
        if (args.length > 0 && args[0].equals(ClusterImportCommand.NAME)) {
            System.exit(ClusterImportCommand.run(List.of(args).subList(1, args.length), System.out, System.err));
            return;
        }
        if (List.of(args).contains("--version")) {
            System.out.println("sd-node " + NodeVersion.current());
            return;
        }
        NodeSettings options;
        Path consoleWar;
        EmbeddedNode.Tls tls;
        try {
            options = LauncherOptions.parse(args, System.getenv());
            if (options == null) {
                System.out.print(LauncherOptions.help());
                System.out.println("   or: " + ClusterImportCommand.USAGE.substring("usage: ".length()));
                System.out.println("   or: " + QosPlanCommand.USAGE.substring("usage: ".length()));
                return;
            }
            consoleWar = consoleWar(options);
            tls = tls(options);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println("(all options: --help)");
            System.exit(2);
            return;
        }
        NodeConfig config = options.config();
        Path logFile = NodeLogging.configure(options.logging(), config.dataDir(), NodeLogging.onTerminal());
        System.setProperty("org.apache.cxf.Logger", "org.apache.cxf.common.logging.Slf4jLogger");
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        String portInUse = PortCheck.inUse(options.host(), options.port());
        if (portInUse == null && options.dataPlanePort() > 0) {
            portInUse = PortCheck.inUse(options.host(), options.dataPlanePort(), "--relay-port (or off)");
        }
        if (portInUse != null) {
            System.err.println(portInUse);
            System.exit(PortCheck.EXIT_CODE);
            return;
        }
        LOG.info("SD node {} starting on Java {} (pid {})", NodeVersion.current(), Runtime.version(), ProcessHandle.current().pid());
        Path configFile = LauncherOptions.configFile(args, System.getenv());
        if (configFile != null) {
            ConfigFile.secretsReadableByOthers(configFile).ifPresent(LOG::warn);
        }
        EmbeddedNode node = EmbeddedNode.start(config, options.host(), options.port(), consoleWar, options.trustedProxies(), tls);
        if (options.dataPlanePort() >= 0) {
            try {
                node.startRelay(options.dataPlanePort());
            } catch (IOException e) {
                System.err.println("The relay could not start: " + e.getMessage());
                node.close();
                System.exit(PortCheck.EXIT_CODE);
                return;
            }
        }
        if (options.discovery().mode() != DiscoveryMode.OFF) {
            try {
                node.startDiscovery(options.discovery());
            } catch (IOException e) {
                System.err.println("WS-Discovery could not start: " + e.getMessage());
                node.close();
                System.exit(2);
                return;
            }
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            NodeLogging.stop();
            stopped.countDown();
        }, "sd-node-shutdown"));
        String base = node.baseUri().toString();
        System.out.println("SD node " + NodeVersion.current().version() + " ready (data in " + config.dataDir().toAbsolutePath() + ")");
        System.out.println("  home port:     " + base + "/services/home   (WSDL: " + base + "/services/home?wsdl)");
        if (node.relayPort() > 0) {
            System.out.println("  virtual ports: " + node.relayScheme() + "://localhost:" + node.relayPort() + EmbeddedNode.CONTEXT_PATH
                    + "/services/ports/{name}   (WSDL: ?wsdl; the data plane, on the event loops)");
        } else {
            System.out.println("  virtual ports: " + base + "/services/ports/{name}   (WSDL: ?wsdl)");
        }
        System.out.println("  health:        " + base + "/health/ready   metrics: " + base + "/metrics");
        if (options.discovery().mode() != DiscoveryMode.OFF) {
            System.out.println("  WS-Discovery:  " + options.discovery().mode().name().toLowerCase(java.util.Locale.ROOT)
                    + " on port " + options.discovery().port()
                    + (options.discovery().mode() == DiscoveryMode.MANAGED ? ", proxy at " + base + "/services/discovery" : ""));
        }
        if (consoleWar != null) {
            System.out.println("  admin console: " + node.scheme() + "://localhost:" + node.port() + EmbeddedNode.CONSOLE_PATH
                    + "/   (from " + consoleWar + ")");
        } else if (LauncherOptions.NO_CONSOLE.equals(options.console())) {
            System.out.println("  admin console: none (--console none)");
        } else {
            System.out.println("  admin console: none (no sd-admin.war found; --console PATH names one)");
        }
        System.out.println("  log:           " + (logFile == null ? "this console" : logFile.toAbsolutePath()));
        stopped.await();
    }

    private static EmbeddedNode.Tls tls(NodeSettings options) {
        if (options.tlsKeystore() == null) {
            return null;
        }
        if (options.tlsKeystorePassword() == null) {
            throw new IllegalArgumentException("--tls-keystore needs the keystore's password in SD_TLS_KEYSTORE_PASSWORD"
                    + " or as tls-keystore-password in the --config file");
        }
        return new EmbeddedNode.Tls(Path.of(options.tlsKeystore()), options.tlsKeystorePassword());
    }
}
