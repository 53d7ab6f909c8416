package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.Target;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.RunningNode;

/**
 * A managed node's proxy answers over HTTP also for a target it heard say Hello on the group (here a
 * scripted device the node does not register: its policy admits no announced provider), with the
 * target's own endpoint reference and XAddrs, beside the node's virtual port, until the target's Bye.
 */
class ProxyRememberedTargetsTest {

    private static final String SALES = "http://example.org/sd/sales";
    private static final QName QUOTE = DiscoveryNodes.QUOTE;
    private static final String DEVICE_XADDR = "http://127.0.0.1:9/quote-device";

    @TempDir
    Path dir;

    private final String device = "urn:uuid:" + UUID.randomUUID();
    private DiscoveryNodes nodes;
    private RunningNode node;
    private DiscoveryProbe proxy;

    @BeforeEach
    void managedNodeWithAQuoteProvider() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-a");
        node = nodes.node(dir, "quote-a");
        node.startDiscovery(nodes.discovery().node(DiscoveryMode.MANAGED, SALES));
        proxy = DiscoveryNodes.proxyProbe(node, Duration.ofSeconds(2), WsDiscoveryVersion.V11);
    }

    @AfterEach
    void stop() {
        nodes.close();
    }

    private void deviceSays(String action) {
        String body = "<d:" + action + ">" + ScriptedDiscoveryPeer.endpoint(device, "q:StockQuotePortType", DEVICE_XADDR)
                .replace("<d:XAddrs>", "<d:Scopes>" + SALES + "</d:Scopes><d:XAddrs>")
                + "</d:" + action + ">";
        nodes.discovery().multicast(ScriptedDiscoveryPeer.envelope(action, null, body), 1);
    }

    private List<String> probedAddresses() throws Exception {
        return proxy.probe(List.of(QUOTE), List.of(SALES)).stream().map(Target::address).toList();
    }

    @Test
    void answersForATargetFromItsHelloUntilItsBye() throws Exception {
        assertThat(probedAddresses()).hasSize(1).doesNotContain(device);

        deviceSays("Hello");

        await().atMost(Duration.ofSeconds(5)).until(() -> probedAddresses().contains(device));
        Target heard = proxy.probe(List.of(QUOTE), List.of(SALES)).stream().filter(t -> t.address().equals(device))
                .findFirst().orElseThrow();
        assertThat(heard.xaddrs()).containsExactly(DEVICE_XADDR);
        assertThat(heard.types()).containsExactly(QUOTE);
        assertThat(heard.scopes()).containsExactly(SALES);
        assertThat(probedAddresses()).hasSize(2);
        assertThat(proxy.resolve(device)).extracting(Target::xaddrs).containsExactly(List.of(DEVICE_XADDR));
        assertThat(node.home().getServiceInfo(new GetServiceInfo()).getInstance())
                .as("remembered, not registered").hasSize(1);

        deviceSays("Bye");

        await().atMost(Duration.ofSeconds(5)).until(() -> !probedAddresses().contains(device));
        assertThat(probedAddresses()).hasSize(1);
        assertThat(proxy.resolve(device)).isEmpty();
    }
}
