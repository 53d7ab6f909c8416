package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;

/** Without discovery (the default) a node opens no UDP socket, answers no probe and is no proxy. */
class DiscoveryOffTest {

    @TempDir
    Path dataDir;

    @Test
    void aNodeWithoutDiscoveryOpensNoSocketAndAnswersNothing() throws Exception {
        LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quote-a"); RunningNode node = RunningNode.start(dataDir)) {
            new DomainSetup(node.home()).provider(providers.named("quote-a"), null);

            assertThat(discovery.portIsUnused()).isTrue();
            assertThat(new DiscoveryProbe(discovery.network(), List.of(), Duration.ofMillis(300), WsDiscoveryVersion.V11)
                    .probe(List.of(), List.of())).isEmpty();
            assertThat(SoapExchange.post(LoopbackDiscovery.proxyOf(node.baseUri()), "text/xml", null, "<x/>").status())
                    .isEqualTo(404);

            node.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
            assertThat(discovery.portIsUnused()).as("the same check sees a node that has discovery on").isFalse();
        }
    }
}
