package org.servicedomain.it.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketAddress;
import java.net.StandardProtocolFamily;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.namespace.QName;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.discovery.CandidateCache;
import org.servicedomain.client.discovery.DiscoveringClient;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.samples.stockquote.GetQuote;
import org.servicedomain.samples.stockquote.StockQuotePortType;
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
    private static final String SOAP12 = "http://www.w3.org/2003/05/soap-envelope";
    private static final String WSA = "http://www.w3.org/2005/08/addressing";
    private static final String WSD = WsDiscoveryVersion.V11.namespace();

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
        target = new XAddrlessTarget(discovery.port(),
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
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(StockQuotePortType.class);
        factory.setAddress("http://127.0.0.1:9/not-yet-discovered");
        DiscoveringClient.Builder<StockQuotePortType> builder = DiscoveringClient.builder(StockQuotePortType.class,
                (StockQuotePortType) factory.create(),
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
        private static final Pattern ACTION = Pattern.compile("Action>([^<]+)<");
        private static final Pattern MESSAGE_ID = Pattern.compile("MessageID>([^<]+)<");

        final String epr = "urn:uuid:" + UUID.randomUUID();
        final String xaddr;
        final AtomicInteger resolves = new AtomicInteger();
        private final DatagramChannel channel;
        private final Thread reader;
        private volatile boolean answerProbes;

        XAddrlessTarget(int port, String xaddr) throws IOException {
            this.xaddr = xaddr;
            channel = DatagramChannel.open(StandardProtocolFamily.INET);
            channel.setOption(StandardSocketOptions.SO_REUSEADDR, true);
            channel.bind(new InetSocketAddress(port));
            channel.join(InetAddress.getByName(DiscoveryConfig.STANDARD_GROUP),
                    NetworkInterface.getByName(LoopbackDiscovery.INTERFACE));
            reader = new Thread(this::read, "xaddrless-target");
            reader.setDaemon(true);
            reader.start();
        }

        void answerProbes() {
            answerProbes = true;
        }

        byte[] hello() {
            return envelope("Hello", null, "<d:Hello>" + endpoint() + "</d:Hello>");
        }

        private String endpoint() {
            return "<a:EndpointReference><a:Address>" + epr + "</a:Address></a:EndpointReference>"
                    + "<d:Types>q:StockQuotePortType</d:Types><d:MetadataVersion>1</d:MetadataVersion>";
        }

        private byte[] envelope(String action, String relatesTo, String body) {
            return ("<s:Envelope xmlns:s=\"" + SOAP12 + "\" xmlns:a=\"" + WSA + "\" xmlns:d=\"" + WSD + "\" xmlns:q=\""
                    + StockQuotePortType.NAMESPACE + "\"><s:Header><a:Action>" + WSD + "/" + action + "</a:Action>"
                    + "<a:MessageID>urn:uuid:" + UUID.randomUUID() + "</a:MessageID>"
                    + (relatesTo == null ? "<a:To>" + WsDiscoveryVersion.V11.to() + "</a:To>"
                            : "<a:RelatesTo>" + relatesTo + "</a:RelatesTo>")
                    + "<d:AppSequence InstanceId=\"1\" MessageNumber=\"" + System.nanoTime() + "\"/>"
                    + "</s:Header><s:Body>" + body + "</s:Body></s:Envelope>").getBytes(StandardCharsets.UTF_8);
        }

        private void read() {
            ByteBuffer buffer = ByteBuffer.allocate(70_000);
            while (channel.isOpen()) {
                try {
                    buffer.clear();
                    SocketAddress from = channel.receive(buffer);
                    buffer.flip();
                    answer(StandardCharsets.UTF_8.decode(buffer).toString(), from);
                } catch (IOException e) {
                    return;
                }
            }
        }

        private void answer(String message, SocketAddress from) throws IOException {
            Matcher action = ACTION.matcher(message);
            Matcher id = MESSAGE_ID.matcher(message);
            if (!action.find() || !id.find()) {
                return;
            }
            byte[] answer = null;
            if (action.group(1).equals(WSD + "/Probe") && answerProbes && message.contains("StockQuotePortType")) {
                answer = envelope("ProbeMatches", id.group(1),
                        "<d:ProbeMatches><d:ProbeMatch>" + endpoint() + "</d:ProbeMatch></d:ProbeMatches>");
            } else if (action.group(1).equals(WSD + "/Resolve") && message.contains(epr)) {
                resolves.incrementAndGet();
                answer = envelope("ResolveMatches", id.group(1), "<d:ResolveMatches><d:ResolveMatch>" + endpoint()
                        .replace("<d:MetadataVersion>", "<d:XAddrs>" + xaddr + "</d:XAddrs><d:MetadataVersion>")
                        + "</d:ResolveMatch></d:ResolveMatches>");
            }
            if (answer != null) {
                channel.send(ByteBuffer.wrap(answer), from);
            }
        }

        @Override
        public void close() {
            try {
                channel.close();
                reader.join(1000);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
