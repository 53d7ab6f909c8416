package org.servicedomain.node.launcher;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.servicedomain.node.NodeConfig;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * {@code java -jar sd-node-standalone.jar [--port 8080] [--data-dir DIR] [--host ADDR]
 * [--max-message-bytes N] [--statistics-window-seconds S] [--max-state-data-bytes N]
 * [--metering-retention-days D] [--node-name N] [--poll-interval-ms MS] [--console WAR|none]
 * [--metrics-networks CIDR,...] ...} (all options: {@code --help}): runs one
 * node, and the admin console beside it at {@code /sd-admin} when its WAR is named or found, until
 * SIGTERM, then stops it cleanly.
 */
public final class NodeLauncher {

    private NodeLauncher() {
    }

    /** The console's WAR: the one named, none for {@code --console none}, else one found beside the jar or in the build tree. */
    private static Path consoleWar(LauncherOptions options) {
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
        LauncherOptions options;
        try {
            options = LauncherOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.err.println(LauncherOptions.USAGE);
            System.exit(2);
            return;
        }
        if (options == null) {
            System.out.println(LauncherOptions.USAGE);
            return;
        }
        System.setProperty("org.apache.cxf.Logger", "org.apache.cxf.common.logging.Slf4jLogger");
        SLF4JBridgeHandler.removeHandlersForRootLogger();
        SLF4JBridgeHandler.install();
        NodeConfig config = options.config(blankToNull(System.getenv("SD_PARENT_SECRET")),
                blankToNull(System.getenv("SD_METRICS_TOKEN")));
        Path consoleWar;
        try {
            consoleWar = consoleWar(options);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        String portInUse = PortCheck.inUse(options.host(), options.port());
        if (portInUse != null) {
            System.err.println(portInUse);
            System.exit(PortCheck.EXIT_CODE);
            return;
        }
        EmbeddedNode node = EmbeddedNode.start(config, options.host(), options.port(), consoleWar, options.trustedProxies());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            stopped.countDown();
        }, "sd-node-shutdown"));
        String base = node.baseUri().toString();
        System.out.println("SD node ready (data in " + config.dataDir().toAbsolutePath() + ")");
        System.out.println("  home port:     " + base + "/services/home   (WSDL: " + base + "/services/home?wsdl)");
        System.out.println("  virtual ports: " + base + "/services/ports/{name}   (WSDL: ?wsdl)");
        if (consoleWar != null) {
            System.out.println("  admin console: http://localhost:" + node.port() + EmbeddedNode.CONSOLE_PATH + "/   (from " + consoleWar + ")");
        } else if (LauncherOptions.NO_CONSOLE.equals(options.console())) {
            System.out.println("  admin console: none (--console none)");
        } else {
            System.out.println("  admin console: none (no sd-admin.war found; --console PATH names one)");
        }
        stopped.await();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
