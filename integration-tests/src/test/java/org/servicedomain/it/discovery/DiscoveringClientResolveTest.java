package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import javax.xml.namespace.QName;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.CandidateCache;
import org.servicedomain.client.discovery.DiscoveringClient;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.samples.stockquote.GetQuote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
import org.servicedomain.testsupport.DiscoveryNodes;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;

/**
 * A target that gives its endpoint reference but no XAddrs (in a ProbeMatch or a Hello) is resolved
 * by the client, which then calls the XAddrs of the ResolveMatch, instead of being dropped. The
 * target here is a few lines of SOAP-over-UDP on {@code lo} that stand for a device of that kind;
 * its XAddrs are a real node's virtual port.
 */
class DiscoveringClientResolveTest {

    private static final QName QUOTE = new QName(StockQuotePortType.NAMESPACE, "StockQuotePortType");

    @TempDir
    Path dir;

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private RunningNode node;
    private ProviderFleet providers;
    private XAddrlessTarget target;
    private DiscoveringClient client;

    @BeforeEach
    void aNodeWithoutDiscoveryAndATargetThatNamesItsPortOnlyWhenResolved() throws Exception {
        providers = ProviderFleet.stockQuotes("quote-a");
        node = RunningNode.start(dir);
        new DomainSetup(node.home()).provider(providers.named("quote-a"), null);
        target = new XAddrlessTarget(discovery,
                "http://127.0.0.1:" + node.dataPlanePort() + "/sd/services/ports/StockQuotePortType");
    }

    @AfterEach
    void stop() {
        if (client != null) {
            client.close();
        }
        target.close();
        node.close();
        providers.close();
    }

    private StockQuotePortType discoveringClient(boolean listen) {
        DiscoveringClient.Builder<StockQuotePortType> builder = DiscoveringClient.builder(StockQuotePortType.class,
                DiscoveryNodes.undiscoveredQuotePort(),
                new DiscoveryProbe(discovery.network(), List.of(), Duration.ofMillis(700), WsDiscoveryVersion.V11), QUOTE)
                .cache(new CandidateCache(8, Duration.ofMinutes(1), System::nanoTime));
        StockQuotePortType port = (listen ? builder.listenOn(discovery.network()) : builder).build();
        client = DiscoveringClient.of(port);
        return port;
    }

    @Test
    void callsATargetThatAnsweredTheProbeWithoutXAddrsAtTheXAddrsItsResolveMatchGives() throws Exception {
        target.answerProbes();

        StockQuotePortType port = discoveringClient(false);

        assertThat(port.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-a");
        assertThat(client.addresses()).containsExactly(target.xaddr);
        assertThat(target.resolves.get()).isPositive();
    }

    @Test
    void resolvesATargetThatSaysHelloWithoutXAddrs() throws Exception {
        StockQuotePortType port = discoveringClient(true);
        client.reprobe();
        assertThat(client.addresses()).as("the target does not answer probes in this test").isEmpty();

        discovery.multicast(target.hello(), 2);

        await().atMost(Duration.ofSeconds(3)).until(() -> client.addresses().contains(target.xaddr));
        assertThat(port.getQuote(new GetQuote("IBM")).getProvider()).isEqualTo("quote-a");
    }

    /** Answers Probes for the quote type with a ProbeMatch without XAddrs, and Resolves of itself with its XAddrs. */
    private static final class XAddrlessTarget implements AutoCloseable {
        final String epr = "urn:uuid:" + UUID.randomUUID();
        final String xaddr;
        final AtomicInteger resolves = new AtomicInteger();
        private final ScriptedDiscoveryPeer peer;
        private volatile boolean answerProbes;

        XAddrlessTarget(LoopbackDiscovery discovery, String xaddr) {
            this.xaddr = xaddr;
            this.peer = new ScriptedDiscoveryPeer(discovery, this::answer);
        }

        void answerProbes() {
            answerProbes = true;
        }

        byte[] hello() {
            return ScriptedDiscoveryPeer.envelope("Hello", null,
                    "<d:Hello>" + ScriptedDiscoveryPeer.endpoint(epr, "q:StockQuotePortType", null) + "</d:Hello>");
        }

        private byte[] answer(String action, String messageId, String message) {
            if (action.equals(ScriptedDiscoveryPeer.WSD + "/Probe") && answerProbes && message.contains("StockQuotePortType")) {
                return ScriptedDiscoveryPeer.envelope("ProbeMatches", messageId, "<d:ProbeMatches><d:ProbeMatch>"
                        + ScriptedDiscoveryPeer.endpoint(epr, "q:StockQuotePortType", null) + "</d:ProbeMatch></d:ProbeMatches>");
            }
            if (action.equals(ScriptedDiscoveryPeer.WSD + "/Resolve") && message.contains(epr)) {
                resolves.incrementAndGet();
                return ScriptedDiscoveryPeer.envelope("ResolveMatches", messageId, "<d:ResolveMatches><d:ResolveMatch>"
                        + ScriptedDiscoveryPeer.endpoint(epr, "q:StockQuotePortType", xaddr)
                        + "</d:ResolveMatch></d:ResolveMatches>");
            }
            return null;
        }

        @Override
        public void close() {
            peer.close();
        }
    }
}
