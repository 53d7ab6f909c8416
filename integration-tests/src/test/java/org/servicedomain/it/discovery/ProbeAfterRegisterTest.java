package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/**
 * A virtual port is discoverable as soon as its registration is acknowledged: the node's periodic
 * refresh is set to an hour here, so only a Probe that reads the catalog as it is can find it.
 */
class ProbeAfterRegisterTest {

    private static final QName QUOTE = DiscoveryNodes.QUOTE;

    @TempDir
    Path dir;

    private DiscoveryNodes nodes;
    private RunningNode node;
    private ProviderFleet providers;

    @BeforeEach
    void managedNodeWithNoPortsYetThatRefreshesHourly() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-1", "quote-2");
        providers = nodes.providers();
        node = nodes.node(dir);
        node.startDiscovery(nodes.discovery().node(DiscoveryMode.MANAGED).withRefresh(Duration.ofHours(1)));
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    @Test
    void aProbeByHttpRightAfterRegisterReturnsFindsTheNewPort() throws Exception {
        DiscoveryProbe proxy = DiscoveryNodes.proxyProbe(node, Duration.ofSeconds(2), WsDiscoveryVersion.V11);
        assertThat(proxy.probe(List.of(QUOTE), List.of())).isEmpty();

        new DomainSetup(node.home()).provider(providers.named("quote-1"), null);
        List<Target> found = proxy.probe(List.of(QUOTE), List.of());

        assertThat(xaddrs(found)).containsExactly(portAddress());
    }

    @Test
    void aMulticastProbeRightAfterRegisterReturnsFindsTheNewPort() throws Exception {
        DiscoveryProbe multicast = nodes.multicastProbe(Duration.ofMillis(900), WsDiscoveryVersion.V2005);

        new DomainSetup(node.home()).provider(providers.named("quote-2"), null);
        List<Target> found = multicast.probe(List.of(QUOTE), List.of());

        assertThat(xaddrs(found)).containsExactly(portAddress());
    }

    private String portAddress() {
        return DiscoveryNodes.announcedPort(node, "StockQuotePortType");
    }

    private static List<String> xaddrs(List<Target> targets) {
        List<String> all = new ArrayList<>();
        targets.forEach(t -> all.addAll(t.xaddrs()));
        return all;
    }
}
