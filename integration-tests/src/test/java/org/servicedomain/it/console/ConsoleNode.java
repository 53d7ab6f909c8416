package org.servicedomain.it.console;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/**
 * A node with the console beside it, stock-quote providers, and an administrator {@code root}
 * (password {@code root-pw}) signed in through the home port: what every console browser test starts from.
 */
final class ConsoleNode implements BeforeEachCallback, AfterEachCallback {

    private final List<String> providerNames;
    private Path dataDir;
    private RunningNode node;
    private ProviderFleet providers;
    private NodeClient root;

    private ConsoleNode(List<String> providerNames) {
        this.providerNames = providerNames;
    }

    /** A node with stock-quote providers named {@code names} (started, not registered). */
    static ConsoleNode withStockQuotes(String... names) {
        return new ConsoleNode(List.of(names));
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dataDir = Files.createTempDirectory("sd-console-node-");
        node = RunningNode.startWithConsole(dataDir, Path.of(System.getProperty("sd.console.war")));
        providers = ProviderFleet.stockQuotes(providerNames.toArray(String[]::new));
        NodeClient anonymous = NodeClient.connect(node.baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        root = anonymous.withSession(anonymous.login("root", "root-pw").sessionId());
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            providers.close();
        } finally {
            node.close();
            try (Stream<Path> paths = Files.walk(dataDir)) {
                for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(path);
                }
            }
        }
    }

    RunningNode node() {
        return node;
    }

    ProviderFleet providers() {
        return providers;
    }

    /** The administrator's client, signed in. */
    NodeClient root() {
        return root;
    }

    Path dataDir() {
        return dataDir;
    }
}
