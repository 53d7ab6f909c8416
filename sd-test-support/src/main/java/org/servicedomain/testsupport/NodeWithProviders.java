package org.servicedomain.testsupport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;

/**
 * The fixture of most end-to-end tests: before each test a node over a fresh data directory and a
 * fleet of providers; after each test, also a failed one, the providers stop, then the node, then the
 * directory goes. Register it on an instance field, e.g.
 * {@code @RegisterExtension final NodeWithProviders domain = NodeWithProviders.stockQuotes("primary", "backup");};
 * the test's own {@code @BeforeEach} runs after the start and registers providers or sets a policy.
 */
public final class NodeWithProviders implements BeforeEachCallback, AfterEachCallback {

    private final List<String> stockQuotes;
    private final UnaryOperator<NodeConfig.Builder> settings;
    private Path dataDir;
    private RunningNode node;
    private ProviderFleet providers;
    private DomainSetup setup;

    private NodeWithProviders(List<String> stockQuotes, UnaryOperator<NodeConfig.Builder> settings) {
        this.stockQuotes = stockQuotes;
        this.settings = settings;
    }

    /** A node with default settings and stock-quote providers named {@code names}, SOAP 1.1. */
    public static NodeWithProviders stockQuotes(String... names) {
        return new NodeWithProviders(List.of(names), UnaryOperator.identity());
    }

    /** A node with default settings and an empty fleet, for tests that start providers of their own kind. */
    public static NodeWithProviders emptyFleet() {
        return stockQuotes();
    }

    /** The same fixture with its node built with {@code settings} applied to the default configuration. */
    public NodeWithProviders configured(UnaryOperator<NodeConfig.Builder> settings) {
        return new NodeWithProviders(stockQuotes, settings);
    }

    @Override
    public void beforeEach(ExtensionContext context) throws IOException {
        dataDir = Files.createTempDirectory("sd-node-");
        node = RunningNode.start(settings.apply(NodeConfig.builder(dataDir)).build());
        providers = ProviderFleet.stockQuotes(stockQuotes.toArray(String[]::new));
    }

    @Override
    public void afterEach(ExtensionContext context) throws IOException {
        try {
            if (providers != null) {
                providers.close();
            }
        } finally {
            try {
                if (node != null) {
                    node.close();
                }
            } finally {
                deleteDataDir();
                providers = null;
                node = null;
                setup = null;
            }
        }
    }

    private void deleteDataDir() throws IOException {
        if (dataDir == null) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dataDir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } finally {
            dataDir = null;
        }
    }

    public RunningNode node() {
        return node;
    }

    public ProviderFleet providers() {
        return providers;
    }

    /** The provider named {@code name} in the fleet. */
    public SampleProvider provider(String name) {
        return providers.named(name);
    }

    /** What an administrator does on this test's node, through one client of its home port. */
    public DomainSetup setup() {
        if (setup == null) {
            setup = new DomainSetup(node.home());
        }
        return setup;
    }

    /** Registers every provider of the fleet through {@link #setup()} with no supplier level; returns them in fleet order. */
    public List<Registration> registerAll() throws HomeFault {
        List<Registration> registrations = new ArrayList<>();
        for (SampleProvider provider : providers.all()) {
            registrations.add(setup().provider(provider, null));
        }
        return registrations;
    }

    /**
     * Starts a sample BLAST server holding {@code databases} and registers it under {@code levels}
     * (several separated by spaces), as the model's BLAST example files its servers.
     */
    public Registration blastServer(String name, String levels, String... databases) throws HomeFault {
        return setup().provider(blastProvider(name, databases), levels);
    }

    /** Starts a sample BLAST server holding {@code databases}, for a test to register as it needs. */
    public SampleProvider blastProvider(String name, String... databases) {
        return providers().start(ProviderOptions.builder(SampleService.BLAST, name).databases(List.of(databases)).build());
    }

    /**
     * Starts a stock-quote provider whose {@code monitorStocks} quotes only {@code symbols}, an exchange
     * of the model's stock monitor, and registers it with no supplier level.
     */
    public Registration exchange(String name, String... symbols) throws HomeFault {
        return setup().provider(providers().start(ProviderOptions.builder(SampleService.STOCKQUOTE, name)
                .symbols(List.of(symbols)).build()), null);
    }

    /** The node's data directory, kept for the whole test (also over restarts). */
    public Path dataDir() {
        return dataDir;
    }
}
