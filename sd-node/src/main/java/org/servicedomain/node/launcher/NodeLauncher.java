package org.servicedomain.node.launcher;

import java.io.IOException;
import java.util.concurrent.CountDownLatch;
import org.servicedomain.node.NodeConfig;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * {@code java -jar sd-node-standalone.jar [--port 8080] [--data-dir DIR] [--host ADDR]
 * [--max-message-bytes N] [--statistics-window-seconds S] [--max-state-data-bytes N]
 * [--metering-retention-days D] [--node-name N] [--poll-interval-ms MS]}: runs one node until SIGTERM, then stops it cleanly.
 */
public final class NodeLauncher {

    private NodeLauncher() {
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
        NodeConfig config = options.config(blankToNull(System.getenv("SD_PARENT_SECRET")));
        EmbeddedNode node = EmbeddedNode.start(config, options.host(), options.port());
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            node.close();
            stopped.countDown();
        }, "sd-node-shutdown"));
        String base = node.baseUri().toString();
        System.out.println("SD node ready (data in " + config.dataDir().toAbsolutePath() + ")");
        System.out.println("  home port:     " + base + "/services/home   (WSDL: " + base + "/services/home?wsdl)");
        System.out.println("  virtual ports: " + base + "/services/ports/{name}   (WSDL: ?wsdl)");
        stopped.await();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
