package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.curator.test.TestingServer;
import org.servicedomain.it.cluster.ZooKeeperEnsemble;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.cluster.ClusterConfig;
import org.servicedomain.node.discovery.DiscoveryMode;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.LoopbackDiscovery;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * More trickling clients than Tomcat has threads, on the discovery proxy and on the member-session
 * endpoint: they hold no thread, so health and virtual-port calls on Tomcat's own port answer
 * everyone else; a member-session call without a member proof is refused before its body is read,
 * a discovery body that trickles is refused at the minimum rate.
 */
class ControlEndpointSlowBodyTest {

    /** More than Tomcat's 200 request threads. */
    private static final int TRICKLING = 210;

    @TempDir
    Path dataDir;

    private final List<Socket> trickling = new ArrayList<>();
    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private ProviderFleet providers;
    private RunningNode node;
    private TestingServer zookeeper;

    @AfterEach
    void stop() throws Exception {
        for (Socket s : trickling) {
            s.close();
        }
        if (node != null) {
            node.close();
        }
        if (providers != null) {
            providers.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }

    @Test
    void slowBodiesOnTheDiscoveryProxyHoldNoTomcatThreadAndAreRefusedBelowTheMinimumRate() throws Exception {
        node = RunningNode.start(dataDir);
        node.startDiscovery(discovery.node(DiscoveryMode.MANAGED));
        servingAQuote();
        URI proxy = LoopbackDiscovery.proxyOf(node.baseUri());
        for (int i = 0; i < TRICKLING; i++) {
            trickling.add(startSlowBody(proxy, ""));
        }

        othersAreServed();
        Socket first = trickling.get(0);
        first.setSoTimeout(30_000);
        String refusal = answerOf(first);
        assertThat(refusal).startsWith("HTTP/1.1 400").contains("bytes per second");
    }

    @Test
    void slowBodiesToTheDiscoveryPathOfANodeThatIsNoProxyAreRefusedWithoutWaitingForThem() throws Exception {
        node = RunningNode.start(dataDir);
        servingAQuote();
        URI proxy = LoopbackDiscovery.proxyOf(node.baseUri());
        for (int i = 0; i < TRICKLING; i++) {
            trickling.add(startSlowBody(proxy, ""));
        }

        othersAreServed();
        for (Socket s : trickling) {
            assertThat(answerOf(s)).startsWith("HTTP/1.1 404");
        }
    }

    @Test
    void sessionCallsWithoutAMemberProofAreRefusedBeforeTheirBodyArrives() throws Exception {
        zookeeper = new TestingServer(true);
        node = RunningNode.start(NodeConfig.builder(dataDir)
                .cluster(new ClusterConfig(zookeeper.getConnectString(), "trickled", ZooKeeperEnsemble.CREDENTIAL)).build());
        servingAQuote();
        URI session = URI.create(node.baseUri() + "/cluster/session");
        for (int i = 0; i < TRICKLING; i++) {
            trickling.add(startSlowBody(session, "X-SD-Member-Proof: 1:forged\r\nX-SD-Member-User: admin\r\n"));
        }

        othersAreServed();
        for (Socket s : trickling) {
            s.setSoTimeout(10_000);
            assertThat(answerOf(s)).startsWith("HTTP/1.1 403");
        }
    }

    private void servingAQuote() throws Exception {
        providers = ProviderFleet.stockQuotes("quote-a");
        new DomainSetup(node.home()).provider(providers.named("quote-a"), null);
    }

    /** Health and a virtual-port call on Tomcat's port (not the data plane) answer while the trickling clients are connected. */
    private void othersAreServed() {
        // bounded so that a node whose threads are all taken fails the test instead of hanging it
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            assertThat(SoapExchange.get(URI.create(node.baseUri() + "/health/live")).status()).isEqualTo(200);
            assertThat(StockQuoteCalls.getQuote(node.servletPortAddress("StockQuotePortType"), "ACME").status()).isEqualTo(200);
        });
    }

    /** Opens a connection that declares a 1,000-byte body and sends one byte of it. */
    private static Socket startSlowBody(URI address, String headers) throws IOException {
        Socket socket = new Socket("127.0.0.1", address.getPort());
        OutputStream out = socket.getOutputStream();
        out.write(("POST " + address.getPath() + " HTTP/1.1\r\nHost: 127.0.0.1:" + address.getPort()
                + "\r\nContent-Type: application/soap+xml; charset=UTF-8\r\n" + headers + "Content-Length: 1000\r\n\r\n<")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        return socket;
    }

    private static String answerOf(Socket socket) throws IOException {
        InputStream in = socket.getInputStream();
        await().atMost(Duration.ofSeconds(30)).until(() -> in.available() > 0);
        return new String(in.readNBytes(in.available()), StandardCharsets.US_ASCII);
    }
}
