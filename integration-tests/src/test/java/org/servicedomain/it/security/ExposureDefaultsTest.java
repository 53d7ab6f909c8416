package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * What a node configured with nothing shows to strangers: metrics only to loopback callers, and
 * data files (catalog, metering, status, users) readable by the node's user only.
 */
class ExposureDefaultsTest {

    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE, PosixFilePermission.OWNER_EXECUTE);

    @TempDir
    Path tempDir;

    private ProviderFleet providers;
    private RunningNode node;

    @AfterEach
    void stop() {
        if (node != null) {
            node.close();
        }
        if (providers != null) {
            providers.close();
        }
    }

    @Test
    void metricsAreRefusedToAScraperFromAnotherNetworkWhenNoMetricsAccessIsConfigured() {
        // the launcher trusts a proxy on loopback, so a scrape forwarded for 203.0.113.7 comes from that network
        try (NodeProcess launched = NodeProcess.start(tempDir.resolve("data"), "--trusted-proxies", "127\\.0\\.0\\.1")) {
            URI metrics = URI.create(launched.baseUri() + "/metrics");

            assertThat(SoapExchange.get(metrics, Map.of("X-Forwarded-For", "203.0.113.7")).status()).isEqualTo(403);
            assertThat(SoapExchange.get(metrics).status()).as("a scraper on the node's own host").isEqualTo(200);
        }
    }

    @Test
    void theDataDirectoryAndEveryFileInItAreTheNodesUsersOnly() throws Exception {
        Path dataDir = tempDir.resolve("fresh").resolve("sd-data");
        node = RunningNode.start(NodeConfig.builder(dataDir).statusSaveInterval(Duration.ofMillis(200)).build());
        providers = ProviderFleet.stockQuotes("quote-a");
        DomainSetup setup = new DomainSetup(node.home());
        setup.provider(providers.named("quote-a"), null);
        setup.user("joe", "joe-pw", "gold");
        String session = setup.login("joe", "joe-pw");
        assertThat(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME", session).status())
                .isEqualTo(200);
        await().atMost(Duration.ofSeconds(10)).until(() -> names(dataDir).stream().anyMatch(n -> n.startsWith("metering-")));

        try (Stream<Path> all = Files.walk(dataDir)) {
            for (Path path : all.toList()) {
                assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(path)))
                        .as("mode of %s", dataDir.relativize(path))
                        .isEqualTo(PosixFilePermissions.toString(Files.isDirectory(path) ? OWNER_ONLY
                                : EnumSet.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE)));
            }
        }
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dataDir.getParent())))
                .as("a missing parent of the data directory is created owner-only too").isEqualTo("rwx------");
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> all = Files.walk(dir)) {
            return all.map(p -> p.getFileName().toString()).toList();
        }
    }
}
