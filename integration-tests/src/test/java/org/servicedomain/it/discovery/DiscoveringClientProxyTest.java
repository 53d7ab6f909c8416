package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.CandidateCache;
import org.servicedomain.client.discovery.DiscoveringClient;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.stockquote.GetQuote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/**
 * A client probing by multicast, told to follow proxies, switches to a discovery proxy that announces
 * itself (WS-Discovery's managed mode): by a multicast Hello of type {@code d:DiscoveryProxy} or by such a Hello in answer to
 * its Probe, it then probes the proxy over HTTP and no longer multicasts. The proxy is a real node's
 * managed proxy; nothing on the client's multicast port answers probes, and the Hellos are scripted,
 * as this branch's node does not send them.
 */
class DiscoveringClientProxyTest {

    private static final QName QUOTE = new QName(StockQuotePortType.NAMESPACE, "StockQuotePortType");

    @TempDir
    Path dir;

    /** The client's link, where only the proxy's Hello is heard. */
    private final LoopbackDiscovery clientLink = LoopbackDiscovery.onFreePort();
    /** The node's own discovery port, which the client never multicasts to. */
    private final LoopbackDiscovery nodeLink = LoopbackDiscovery.onFreePort();
    private RunningNode node;
    private ProviderFleet providers;
    private URI proxy;
    private DiscoveryProbe probe;
    private DiscoveringClient client;

    @BeforeEach
    void aManagedNodeOnAnotherPort() throws Exception {
        providers = ProviderFleet.stockQuotes("quote-a");
        node = RunningNode.start(dir);
        new DomainSetup(node.home()).provider(providers.named("quote-a"), null);
        node.startDiscovery(nodeLink.node(DiscoveryMode.MANAGED));
        proxy = LoopbackDiscovery.proxyOf(node.baseUri());
        probe = new DiscoveryProbe(clientLink.network(), List.of(), Duration.ofMillis(500), WsDiscoveryVersion.V11)
                .followingAnnouncedProxies();
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        node.close();
        providers.close();
    }

    private StockQuotePortType discoveringClient(boolean listen) {
        DiscoveringClient.Builder<StockQuotePortType> builder = DiscoveringClient.builder(StockQuotePortType.class,
                DiscoveryNodes.undiscoveredQuotePort(), probe, QUOTE)
                .cache(new CandidateCache(8, Duration.ofMinutes(1), System::nanoTime));
        StockQuotePortType port = (listen ? builder.listenOn(clientLink.network()) : builder).build();
        client = DiscoveringClient.of(port);
        return port;
    }

    private byte[] proxyHello(String relatesTo) {
        return ScriptedDiscoveryPeer.envelope("Hello", relatesTo, "<d:Hello>" + ScriptedDiscoveryPeer.endpoint(
                "urn:uuid:" + UUID.nameUUIDFromBytes(proxy.toString().getBytes(StandardCharsets.UTF_8)),
                "d:DiscoveryProxy", proxy.toString()) + "</d:Hello>");
    }

    private String portOfNode() {
        return "http://127.0.0.1:" + node.dataPlanePort() + "/sd/services/ports/StockQuotePortType";
    }

    @Test
    void aProxysMulticastHelloMovesTheClientToTheProxyAndItsProbesOffTheGroup() throws Exception {
        try (ScriptedDiscoveryPeer link = new ScriptedDiscoveryPeer(clientLink, (action, id, message) -> null)) {
            StockQuotePortType port = discoveringClient(true);
            client.reprobe();
            assertThat(client.addresses()).as("nothing answers on the client's link").isEmpty();
            assertThat(link.heardActions()).contains(ScriptedDiscoveryPeer.WSD + "/Probe");

            clientLink.multicast(proxyHello(null), 2);
            await().atMost(Duration.ofSeconds(2)).until(() -> probe.announcedProxies().contains(proxy));
            int heardBefore = link.heardActions().size();
            client.reprobe();
            String marker = ScriptedDiscoveryPeer.WSD + "/Marker";
            clientLink.multicast(ScriptedDiscoveryPeer.envelope("Marker", null, ""), 1);
            await().atMost(Duration.ofSeconds(2)).until(() -> link.heardActions().contains(marker));

            assertThat(client.addresses()).containsExactly(portOfNode());
            assertThat(port.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-a");
            assertThat(link.heardActions().subList(heardBefore, link.heardActions().size()))
                    .as("no Probe multicast once the proxy is known").doesNotContain(ScriptedDiscoveryPeer.WSD + "/Probe")
                    .contains(marker);
        }
    }

    @Test
    void aProxysHelloInAnswerToAMulticastProbeIsAskedInTheSameProbe() throws Exception {
        try (ScriptedDiscoveryPeer link = new ScriptedDiscoveryPeer(clientLink,
                (action, id, message) -> action.equals(ScriptedDiscoveryPeer.WSD + "/Probe") ? proxyHello(id) : null)) {

            StockQuotePortType port = discoveringClient(false);

            assertThat(port.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-a");
            assertThat(client.addresses()).containsExactly(portOfNode());
            assertThat(probe.announcedProxies()).containsExactly(proxy);
        }
    }

    @Test
    void aProbeNotToldToFollowProxiesKeepsMulticasting() throws Exception {
        probe = new DiscoveryProbe(clientLink.network(), List.of(), Duration.ofMillis(500), WsDiscoveryVersion.V11);
        try (ScriptedDiscoveryPeer link = new ScriptedDiscoveryPeer(clientLink,
                (action, id, message) -> action.equals(ScriptedDiscoveryPeer.WSD + "/Probe") ? proxyHello(id) : null)) {
            discoveringClient(true);
            client.reprobe();
            clientLink.multicast(proxyHello(null), 2);
            int heardBefore = link.heardActions().size();

            client.reprobe();

            assertThat(probe.announcedProxies()).isEmpty();
            assertThat(client.addresses()).isEmpty();
            await().atMost(Duration.ofSeconds(2)).until(() -> link.heardActions().subList(heardBefore,
                    link.heardActions().size()).contains(ScriptedDiscoveryPeer.WSD + "/Probe"));
        }
    }
}
