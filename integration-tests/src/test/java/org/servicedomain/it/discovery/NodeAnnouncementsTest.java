package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/** A node announces a virtual port with Hello when it appears and Bye when it goes or the node stops. */
class NodeAnnouncementsTest {

    @TempDir
    Path dataDir;

    private static long count(List<String> heard, WsDiscoveryVersion version, String kind, String xaddr) {
        return heard.stream().filter(m -> m.contains(version.namespace() + "/" + kind + "<") && m.contains(xaddr)).count();
    }

    @Test
    void helloWhenAPortGetsItsFirstInstanceByeWhenItLosesItsLastAndByeAtStop() throws Exception {
        LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quote-a");
                LoopbackDiscovery.Listener listener = discovery.listen()) {
            RunningNode node = RunningNode.start(dataDir);
            try {
                node.startDiscovery(discovery.node(DiscoveryMode.ADHOC));
                String xaddr = "http://127.0.0.1:" + node.dataPlanePort() + "/sd/services/ports/StockQuotePortType";

                Registration registration = new DomainSetup(node.home()).provider(providers.named("quote-a"), null);
                await().atMost(Duration.ofSeconds(5)).until(() -> count(listener.heard(), WsDiscoveryVersion.V11, "Hello", xaddr) > 0
                        && count(listener.heard(), WsDiscoveryVersion.V2005, "Hello", xaddr) > 0);
                assertThat(count(listener.heard(), WsDiscoveryVersion.V11, "Bye", xaddr)).isZero();

                Unregister unregister = new Unregister();
                unregister.setInstanceId(registration.getInstanceId());
                node.home().unregister(unregister);
                await().atMost(Duration.ofSeconds(5)).until(() -> count(listener.heard(), WsDiscoveryVersion.V11, "Bye", xaddr) > 0);

                new DomainSetup(node.home()).provider(providers.named("quote-a"), null);
                await().atMost(Duration.ofSeconds(5)).until(() -> count(listener.heard(), WsDiscoveryVersion.V11, "Hello", xaddr) >= 4);
                long byesBeforeStop = count(listener.heard(), WsDiscoveryVersion.V11, "Bye", xaddr);
                node.close();
                await().atMost(Duration.ofSeconds(5)).until(() -> count(listener.heard(), WsDiscoveryVersion.V11, "Bye", xaddr)
                        > byesBeforeStop);
            } finally {
                node.close();
            }
        }
    }
}
