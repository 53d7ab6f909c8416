package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.hierarchy.ContextHeader;
import org.servicedomain.node.hierarchy.HierarchyConfig;
import org.servicedomain.node.hierarchy.ParentContext;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.proof.TimedSignature;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RawHttp;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Issue 27, item 8: the proofs nodes give each other are tied to their request and taken once. A
 * proof captured by a fake peer, replayed, moved to another path or node, or made outside the window
 * is refused; the parent's own polls and forwarded requests still get through.
 */
class ReplayedProofTest {

    private static final String SECRET = "peers-share-this-secret";
    private static final String XML = "text/xml; charset=UTF-8";
    private static final String GET_SERVICE_INFO = SoapExchange.soap11(null,
            "<h:getServiceInfo xmlns:h=\"urn:sd:home:1\"><h:topology>true</h:topology></h:getServiceInfo>");

    @TempDir
    Path dirA;
    @TempDir
    Path dirB;
    @TempDir
    Path treeDir;

    private RunningNode nodeA;
    private RunningNode nodeB;
    private NodeTree tree;
    private ProviderFleet providers;
    private HttpServer fakePeer;

    @AfterEach
    void stop() {
        if (fakePeer != null) {
            fakePeer.stop(0);
        }
        for (AutoCloseable closeable : new AutoCloseable[] {tree, nodeA, nodeB, providers}) {
            if (closeable != null) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    throw new IllegalStateException("could not stop " + closeable, e);
                }
            }
        }
    }

    @Test
    void refusesAPollProofAFakePeerCapturedWhenItIsReplayedToARealNode() throws Exception {
        BlockingQueue<String> captured = new LinkedBlockingQueue<>();
        fakePeer = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        fakePeer.createContext("/sd/load", exchange -> {
            captured.add(String.valueOf(exchange.getRequestHeaders().getFirst(ParentProof.HEADER)));
            exchange.sendResponseHeaders(404, -1);
            exchange.close();
        });
        fakePeer.start();
        URI fake = URI.create("http://127.0.0.1:" + fakePeer.getAddress().getPort() + "/sd");
        nodeA = RunningNode.start(withSecret(dirA));
        nodeB = RunningNode.start(withSecret(dirB));
        new DomainSetup(nodeA.home()).policy("""
                <policy xmlns="urn:sd:policy:1">
                  <peers capacity="2" refreshMs="100"><peer address="%s/services/home"/></peers>
                </policy>
                """.formatted(fake));

        String proof = captured.poll(30, TimeUnit.SECONDS);
        assertThat(proof).as("node A sent its proof to the peer it was told of").isNotNull().isNotEqualTo("null");
        URI loadOfB = URI.create(nodeB.baseUri() + "/load");

        assertThat(SoapExchange.get(loadOfB, Map.of(ParentProof.HEADER, proof)).status()).as("replayed to B as it is").isEqualTo(403);
        RawHttp.Answer withFakesHost = RawHttp.send(loadOfB, "GET /sd/load HTTP/1.1\r\nHost: " + fake.getAuthority() + "\r\n"
                + ParentProof.HEADER + ": " + proof + "\r\nConnection: close\r\n\r\n", Duration.ofSeconds(10));
        assertThat(withFakesHost.status()).as("replayed to B with the fake peer's Host").isEqualTo(403);
    }

    @Test
    void refusesAPollProofUsedASecondTime() {
        nodeB = RunningNode.start(withSecret(dirB));
        URI load = URI.create(nodeB.baseUri() + "/load");
        String proof = ParentProof.of(SECRET, "GET", load);

        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, proof)).status()).as("the genuine call").isEqualTo(200);
        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, proof)).status()).as("the same proof again").isEqualTo(403);
        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of(SECRET, "GET", load))).status())
                .as("a fresh proof").isEqualTo(200);
    }

    @Test
    void refusesAPollProofMadeForAnotherPathOrAnotherNode() {
        nodeA = RunningNode.start(withSecret(dirA));
        nodeB = RunningNode.start(withSecret(dirB));
        URI loadOfB = URI.create(nodeB.baseUri() + "/load");
        String forLoad = ParentProof.of(SECRET, "GET", loadOfB);
        String forA = ParentProof.of(SECRET, "GET", URI.create(nodeA.baseUri() + "/load"));
        NodeClient.connect(nodeB.baseUri()).setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(),
                List.of("administrator")));

        SoapReply homeWithLoadsProof = askHome(nodeB, forLoad);
        assertThat(homeWithLoadsProof.faultCode()).as(homeWithLoadsProof.text()).contains("NotAuthorized");
        SoapReply homeWithItsOwnProof = askHome(nodeB, ParentProof.of(SECRET, "POST", nodeB.homeAddress()));
        assertThat(homeWithItsOwnProof.isSoapFault()).as(homeWithItsOwnProof.text()).isFalse();
        assertThat(SoapExchange.get(loadOfB, Map.of(ParentProof.HEADER, forA)).status()).as("A's proof at B").isEqualTo(403);
        assertThat(SoapExchange.get(loadOfB, Map.of(ParentProof.HEADER, ParentProof.of(SECRET, "POST", loadOfB))).status())
                .as("another method").isEqualTo(403);
        assertThat(SoapExchange.get(loadOfB, Map.of(ParentProof.HEADER, forLoad)).status()).as("where it was made for").isEqualTo(200);
    }

    @Test
    void refusesAPollProofMadeOutsideItsWindow() {
        nodeB = RunningNode.start(withSecret(dirB));
        URI load = URI.create(nodeB.baseUri() + "/load");
        Instant outside = Instant.now().minus(TimedSignature.WINDOW).minusSeconds(30);

        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of(SECRET, "GET", load, outside))).status())
                .isEqualTo(403);
        assertThat(SoapExchange.get(load, Map.of(ParentProof.HEADER, ParentProof.of(SECRET, "GET", load,
                Instant.now().plus(TimedSignature.WINDOW).plusSeconds(30)))).status()).as("from the future").isEqualTo(403);
    }

    @Test
    void refusesAReplayedContextHeaderWhileThePollAndForwardedCallsOfTheParentStillGetThrough() throws Exception {
        providers = ProviderFleet.stockQuotes("child-quotes");
        tree = new NodeTree(treeDir);
        tree.start("parent");
        tree.start("child");
        new DomainSetup(tree.get("child").home()).provider(providers.named("child-quotes"), null);
        tree.attach("child", "parent");
        String childId = tree.topology("parent").getChild().get(0).getNodeId();
        URI childPort = tree.get("child").virtualPortAddress("StockQuotePortType");

        assertThat(tree.poll("parent").getNode().getChild()).as("the parent's poll").hasSize(1);
        SoapReply viaParent = StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"), "IBM");
        assertThat(viaParent.status()).as(viaParent.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(viaParent)).isEqualTo("child-quotes");

        byte[] withoutHeader = SoapExchange.soap11("", StockQuoteCalls.getQuoteBody("IBM")).getBytes(StandardCharsets.UTF_8);
        String header = ContextHeader.element(new ParentContext(null, null, null, List.of(), Map.of("symbol", "IBM")),
                TimedSignature.of(NodeTree.secretOf("child")), Instant.now(), "StockQuotePortType", StockQuoteCalls.GET_QUOTE_ACTION, childId,
                TimedSignature.digest(withoutHeader));
        byte[] request = SoapExchange.soap11(header, StockQuoteCalls.getQuoteBody("IBM")).getBytes(StandardCharsets.UTF_8);
        SoapReply first = SoapExchange.post(childPort, XML, StockQuoteCalls.GET_QUOTE_ACTION, request);
        SoapReply replayed = SoapExchange.post(childPort, XML, StockQuoteCalls.GET_QUOTE_ACTION, request);

        assertThat(first.status()).as(first.text()).isEqualTo(200);
        assertThat(replayed.faultCode()).as(replayed.text()).contains("NotAuthorized");
        assertThat(replayed.text()).contains("sd:context");
    }

    private static SoapReply askHome(RunningNode node, String proof) {
        return SoapExchange.post(node.homeAddress(), XML, "", GET_SERVICE_INFO.getBytes(StandardCharsets.UTF_8),
                Map.of(ParentProof.HEADER, proof));
    }

    private static NodeConfig withSecret(Path dir) {
        return NodeConfig.builder(dir).hierarchy(HierarchyConfig.DEFAULT.withParentSecret(SECRET)).build();
    }
}
