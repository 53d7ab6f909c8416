package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.xml.namespace.QName;
import jakarta.xml.ws.wsaddressing.W3CEndpointReference;
import jakarta.xml.ws.wsaddressing.W3CEndpointReferenceBuilder;
import org.apache.cxf.Bus;
import org.apache.cxf.BusFactory;
import org.apache.cxf.message.Message;
import org.apache.cxf.phase.AbstractPhaseInterceptor;
import org.apache.cxf.phase.Phase;
import org.apache.cxf.transport.udp.UDPConduit;
import org.apache.cxf.ws.discovery.WSDiscoveryClient;
import org.apache.cxf.ws.discovery.internal.WSDiscoveryServiceImpl;
import org.apache.cxf.ws.discovery.wsdl.HelloType;
import org.apache.cxf.ws.discovery.wsdl.ProbeMatchType;
import org.apache.cxf.ws.discovery.wsdl.ProbeMatchesType;
import org.apache.cxf.ws.discovery.wsdl.ProbeType;
import org.apache.cxf.ws.discovery.wsdl.ResolveMatchType;
import org.apache.cxf.ws.discovery.wsdl.ScopesType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.client.discovery.DiscoveringClient;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.samples.stockquote.GetQuote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.RunningNode;

/**
 * Interoperation with Apache CXF's WS-Discovery, an implementation this project does not share code
 * with, in both protocol versions (CXF's "version10" is WS-Discovery 2005/04): CXF's client probes and
 * resolves a managed node's virtual ports through the node's proxy over HTTP and by multicast, bound
 * to {@code lo} through CXF's UDP network-interface property, and switches to the proxy the node's
 * Hello names; CXF's announcing target says Hello and Bye and a discovering client of this project
 * follows them. CXF's target also opens a listener on the standard port 3702 on an interface it picks
 * itself (never {@code lo}); that part is left closed here, so only its announcements are tried.
 */
class CxfDiscoveryInteropTest {

    private static final String SALES = "http://example.org/sd/sales";
    /** The CXF target's scope, which the node's virtual ports are not in. */
    private static final String CXF_SCOPE = "http://example.org/sd/cxf";
    private static final QName QUOTE = DiscoveryNodes.QUOTE;

    @TempDir
    Path dir;

    private final List<String> received = new CopyOnWriteArrayList<>();
    private DiscoveryNodes nodes;
    private LoopbackDiscovery discovery;
    private RunningNode node;
    private Bus bus;

    @BeforeEach
    void managedSalesNodeWithAQuoteProviderAndACxfBusOnLo() throws Exception {
        nodes = DiscoveryNodes.withStockQuotes("quote-a", "quote-cxf");
        discovery = nodes.discovery();
        node = nodes.node(dir, "quote-a");
        // no random answer delay: the ProbeMatches goes before the proxy's Hello, which moves CXF off multicast
        node.startDiscovery(discovery.node(DiscoveryMode.MANAGED, SALES).withMaxAnswerDelay(Duration.ZERO));
        bus = BusFactory.newInstance().createBus();
        // CXF's UDP conduit multicasts on the interface this bus property names: lo, never the real one
        bus.setProperty(UDPConduit.NETWORK_INTERFACE, LoopbackDiscovery.INTERFACE);
        bus.getInInterceptors().add(new ReceivedText());
    }

    @AfterEach
    void stop() {
        bus.shutdown(true);
        nodes.close();
    }

    private WSDiscoveryClient cxfClient(String address, WsDiscoveryVersion version) {
        WSDiscoveryClient client = new WSDiscoveryClient(bus, address);
        client.setVersion(version == WsDiscoveryVersion.V2005);
        client.setDefaultProbeTimeout(2000);
        return client;
    }

    private String quotePort() {
        return DiscoveryNodes.announcedPort(node, "StockQuotePortType");
    }

    /** The one match of {@code matches}, after checking it is the node's quote port as CXF parsed it. */
    private ProbeMatchType theQuotePortIn(ProbeMatchesType matches) {
        assertThat(matches.getProbeMatch()).hasSize(1);
        ProbeMatchType match = matches.getProbeMatch().get(0);
        assertThat(match.getTypes()).containsExactly(QUOTE);
        assertThat(match.getScopes().getValue()).contains(SALES);
        assertThat(match.getXAddrs()).containsExactly(quotePort());
        return match;
    }

    private static ProbeType probeFor(QName type, String scope) {
        ProbeType probe = new ProbeType();
        probe.getTypes().add(type);
        ScopesType scopes = new ScopesType();
        scopes.getValue().add(scope);
        probe.setScopes(scopes);
        return probe;
    }

    @ParameterizedTest
    @EnumSource(WsDiscoveryVersion.class)
    void cxfProbesAndResolvesTheVirtualPortThroughTheManagedProxy(WsDiscoveryVersion version) throws IOException {
        try (WSDiscoveryClient cxf = cxfClient(LoopbackDiscovery.proxyOf(node.baseUri()).toString(), version)) {
            assertThat(cxf.isAdHoc()).isFalse();

            ProbeMatchType match = theQuotePortIn(cxf.probe(probeFor(QUOTE, SALES)));

            String reference = addressOf(match.getEndpointReference());
            assertThat(reference).startsWith("urn:uuid:");
            assertThat(received).last().asString().as("the answer CXF read, as it came")
                    .contains(version.namespace() + "\"").contains("ProbeMatches");
            assertThat(cxf.probe(probeFor(QUOTE, "http://example.org/sd/hr")).getProbeMatch()).isEmpty();

            ResolveMatchType resolved = cxf.resolve(reference(reference));

            assertThat(resolved).isNotNull();
            assertThat(addressOf(resolved.getEndpointReference())).isEqualTo(reference);
            assertThat(resolved.getXAddrs()).containsExactly(quotePort());
            assertThat(resolved.getTypes()).containsExactly(QUOTE);
            assertThat(received).last().asString().contains(version.namespace() + "\"").contains("ResolveMatches");
        }
    }

    @ParameterizedTest
    @EnumSource(WsDiscoveryVersion.class)
    void cxfProbingByMulticastOnLoFindsTheVirtualPortAndSwitchesToTheProxyTheNodesHelloNames(WsDiscoveryVersion version)
            throws IOException {
        try (WSDiscoveryClient cxf = cxfClient("soap.udp://239.255.255.250:" + discovery.port(), version)) {
            assertThat(cxf.isAdHoc()).isTrue();

            ProbeMatchType match = theQuotePortIn(cxf.probe(probeFor(QUOTE, SALES)));

            assertThat(received).as("the datagrams CXF read, as they came").anySatisfy(text -> assertThat(text)
                    .contains(version.namespace() + "\"").contains("ProbeMatches"));
            String proxy = LoopbackDiscovery.proxyOf(node.baseUri()).toString().replace("localhost", "127.0.0.1");
            assertThat(received).as("the proxy's Hello, as CXF read it").anySatisfy(text -> assertThat(text)
                    .contains(version.namespace() + "/Hello<").contains(":DiscoveryProxy").contains(proxy));
            if (version == WsDiscoveryVersion.V11) {
                // CXF's version10 maps 2005/04 names to 1.1 before it reads the Hello's types, so its test for a
                // 2005/04 DiscoveryProxy type never holds and it stays ad hoc: only 1.1 shows CXF's switch
                assertThat(cxf.isAdHoc()).as("CXF heard the proxy's Hello and went managed").isFalse();
                assertThat(cxf.getAddress()).isEqualTo(proxy);
            }

            ResolveMatchType resolved = cxf.resolve(reference(addressOf(match.getEndpointReference())));

            assertThat(resolved.getXAddrs()).containsExactly(quotePort());
        }
    }

    @ParameterizedTest
    @EnumSource(WsDiscoveryVersion.class)
    void aDiscoveringClientCallsACxfAnnouncedTargetAfterItsHelloAndDropsItAfterItsBye(WsDiscoveryVersion version) {
        String provider = nodes.providers().named("quote-cxf").address().toString();
        WSDiscoveryServiceImpl target = announcingTarget(version);
        StockQuotePortType client = listeningClient();
        DiscoveringClient.of(client).reprobe(); // nothing answers for the provider: only a Hello can bring it
        assertThat(DiscoveringClient.of(client).addresses()).doesNotContain(provider);

        HelloType hello = new HelloType();
        hello.getTypes().add(QUOTE);
        hello.setScopes(new ScopesType());
        hello.getScopes().getValue().add(CXF_SCOPE);
        hello.getXAddrs().add(provider);
        hello.setMetadataVersion(1);
        target.register(hello);

        await().atMost(Duration.ofSeconds(2)).until(() -> DiscoveringClient.of(client).addresses().contains(provider));
        String reference = addressOf(hello.getEndpointReference());
        assertThat(reference).as("CXF made the endpoint reference").isNotBlank();
        assertThat(DiscoveringClient.of(client).addresses()).containsExactly(provider);
        assertThat(client.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-cxf");

        target.unregister(hello);

        await().atMost(Duration.ofSeconds(2)).until(() -> DiscoveringClient.of(client).addresses().isEmpty());
        DiscoveringClient.of(client).close();
    }

    /**
     * CXF's target announcing by multicast on {@code lo} to the fixture's port in {@code version};
     * its listener on port 3702 (on an interface of CXF's choosing) is not opened.
     */
    private WSDiscoveryServiceImpl announcingTarget(WsDiscoveryVersion version) {
        Bus before = BusFactory.getAndSetThreadDefaultBus(bus); // CXF's target makes its client on this thread's bus
        try {
            WSDiscoveryServiceImpl target = new WSDiscoveryServiceImpl(bus, Map.of("org.apache.cxf.service.ws-discovery.address",
                    "soap.udp://239.255.255.250:" + discovery.port())) {
                @Override
                public synchronized boolean startup(boolean optional) {
                    return true;
                }
            };
            target.getClient().setVersion(version == WsDiscoveryVersion.V2005);
            return target;
        } finally {
            BusFactory.setThreadDefaultBus(before);
        }
    }

    private StockQuotePortType listeningClient() {
        DiscoveryProbe probe = nodes.multicastProbe(Duration.ofMillis(300), WsDiscoveryVersion.V11);
        return DiscoveringClient.builder(StockQuotePortType.class, DiscoveryNodes.undiscoveredQuotePort(), probe, QUOTE)
                .scopes(List.of(CXF_SCOPE))
                .listenOn(discovery.network())
                .build();
    }

    private static W3CEndpointReference reference(String address) {
        return new W3CEndpointReferenceBuilder().address(address).build();
    }

    /** The wsa:Address of an endpoint reference CXF parsed. */
    private static String addressOf(W3CEndpointReference reference) {
        String text = reference.toString();
        int start = text.indexOf("Address>") + "Address>".length();
        return text.substring(start, text.indexOf('<', start)).trim();
    }

    /** Keeps the text of every message CXF receives, before CXF reads it, so a test sees the namespace it came in. */
    private final class ReceivedText extends AbstractPhaseInterceptor<Message> {
        ReceivedText() {
            super(Phase.RECEIVE);
        }

        @Override
        public void handleMessage(Message message) {
            InputStream in = message.getContent(InputStream.class);
            if (in == null) {
                return;
            }
            try {
                byte[] bytes = in.readAllBytes();
                received.add(new String(bytes, StandardCharsets.UTF_8));
                message.setContent(InputStream.class, new ByteArrayInputStream(bytes));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
