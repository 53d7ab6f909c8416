package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.DeployedWar;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** The built {@code sd-node.war}, deployed as a stock Tomcat would, is a working node. */
class WarDeploymentTest {

    private static final Path WAR = Path.of("..", "sd-node", "target", "sd-node.war");

    @TempDir
    Path dataDir;

    @Test
    void warDeployedInTomcatRegistersProvidersAndServesTheirVirtualPort() throws Exception {
        try (DeployedWar node = DeployedWar.deploy(WAR, "/sd", Map.of("sd.dataDir", dataDir.toString(),
                "sd.allowNetworks", "127.0.0.0/8")); // providers on loopback: allowed explicitly (docs/security.md)
             ProviderFleet providers = ProviderFleet.stockQuotes("quote-a", "quote-b")) {
            Registration registration = Registrations.register(HomeClient.connect(node.baseUri()), providers.get(0));
            Registrations.register(HomeClient.connect(node.baseUri()), providers.get(1));

            SoapReply first = StockQuoteCalls.getQuote(URI.create(registration.getVirtualPortAddress()), "ACME");
            SoapReply second = StockQuoteCalls.getQuote(URI.create(registration.getVirtualPortAddress()), "ACME");

            assertThat(List.of(StockQuoteCalls.servedBy(first), StockQuoteCalls.servedBy(second)))
                    .containsExactlyInAnyOrder("quote-a", "quote-b");
            assertThat(Files.exists(dataDir.resolve("catalog.json"))).isTrue();
        }
    }
}
