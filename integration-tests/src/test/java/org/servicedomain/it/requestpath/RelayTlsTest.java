package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.bootstrap.Bootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.handler.ssl.SslProvider;
import io.netty.util.concurrent.Future;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Arrays;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLSocket;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.entry.port.DataPlaneTls;
import org.servicedomain.node.launcher.EmbeddedNode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.TestKeystore;

/**
 * A node with TLS serves HTTPS on its relay too, with the keystore, protocols and cipher suites of its
 * Tomcat connector: a client that verifies the certificate gets the provider's answer over TLSv1.3 or
 * TLSv1.2; a client that does not trust it, one offering only TLSv1.1 and one speaking plain HTTP get none.
 */
class RelayTlsTest {

    private static final String PORT = "StockQuotePortType";

    @TempDir
    Path work;

    private TestKeystore keystore;
    private ProviderFleet providers;
    private SampleProvider provider;
    private EmbeddedNode node;
    private URI relayed;

    @BeforeEach
    void aNodeWithTlsItsRelayAndOneRegisteredProvider() throws Exception {
        keystore = TestKeystore.generate(work);
        providers = ProviderFleet.stockQuotes("only");
        provider = providers.get(0);
        node = EmbeddedNode.start(NodeConfig.builder(work.resolve("data")).build(), "127.0.0.1", 0, null, null, keystore.tls());
        node.startRelay(0);
        HttpResponse<String> registered = post(verifyingClient(), URI.create(node.baseUri() + "/services/home"),
                Registrations.REGISTER_ACTION, Registrations.registerBody(provider));
        assertThat(registered.statusCode()).as(registered.body()).isEqualTo(200);
        relayed = URI.create(node.relayScheme() + "://localhost:" + node.relayPort() + EmbeddedNode.CONTEXT_PATH
                + "/services/ports/" + PORT);
    }

    @AfterEach
    void stop() {
        if (providers != null) {
            providers.close();
        }
        if (node != null) {
            node.close();
        }
    }

    @Test
    void aClientThatVerifiesTheCertificateGetsTheProvidersAnswerOverTls13OrTls12() throws Exception {
        HttpResponse<String> quote = post(verifyingClient(), relayed, StockQuoteCalls.GET_QUOTE_ACTION,
                StockQuoteCalls.getQuoteBody("ACME"));

        assertThat(relayed.getScheme()).isEqualTo("https");
        assertThat(quote.statusCode()).as(quote.body()).isEqualTo(200);
        assertThat(quote.body()).contains("getQuoteResponse").contains("ACME");
        assertThat(quote.sslSession().orElseThrow().getProtocol()).isIn("TLSv1.3", "TLSv1.2");
    }

    @Test
    void theRelaysWsdlGivesItsHttpsAddress() throws Exception {
        HttpResponse<String> wsdl = verifyingClient().send(HttpRequest.newBuilder(URI.create(relayed + "?wsdl"))
                .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());

        assertThat(wsdl.statusCode()).isEqualTo(200);
        assertThat(wsdl.body()).contains("location=\"" + relayed + "\"");
    }

    @Test
    void aClientThatDoesNotTrustTheCertificateIsRefusedBeforeAnyRequestReachesTheProvider() throws Exception {
        long received = provider.requestsReceived();
        HttpClient trustingTheJdksAuthorities = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .sslContext(SSLContext.getDefault()).build();

        assertThatThrownBy(() -> post(trustingTheJdksAuthorities, relayed, StockQuoteCalls.GET_QUOTE_ACTION,
                StockQuoteCalls.getQuoteBody("ACME"))).isInstanceOf(SSLHandshakeException.class);
        assertThat(provider.requestsReceived()).isEqualTo(received);
    }

    @Test
    void acceptsTls12AndRefusesAClientOfferingOnlyTls11() throws Exception {
        EventLoopGroup loop = new NioEventLoopGroup(1);
        try {
            assertThat(handshake(loop, "TLSv1.2")).isEqualTo("TLSv1.2");
            assertThatThrownBy(() -> handshake(loop, "TLSv1.1")).as("refused by the relay's protocol_version alert")
                    .isInstanceOf(SSLException.class).hasMessageContaining("ALERT_PROTOCOL_VERSION");
        } finally {
            loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
        }
    }

    @Test
    void plainHttpToTheTlsPortGetsNoSoapAnswer() throws IOException {
        long received = provider.requestsReceived();
        byte[] body = SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME")).getBytes(StandardCharsets.UTF_8);
        try (Socket socket = new Socket("127.0.0.1", node.relayPort())) {
            socket.setSoTimeout(30_000);
            socket.getOutputStream().write(("POST " + relayed.getPath() + " HTTP/1.1\r\nHost: localhost\r\n"
                    + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: " + StockQuoteCalls.GET_QUOTE_ACTION
                    + "\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.UTF_8));
            socket.getOutputStream().write(body);

            String answer = readToEnd(socket.getInputStream()); // the socket's read timeout fails the test if it never closes

            assertThat(answer).doesNotContain("HTTP/1.1").doesNotContain("Envelope");
        }
        assertThat(provider.requestsReceived()).isEqualTo(received);
    }

    /**
     * Tomcat's connector is JSSE and the relay is OpenSSL (BoringSSL) here, so probing both shows the
     * relay enables Tomcat's list where its provider can: everything Tomcat accepts except the suites
     * BoringSSL does not implement, DHE and CBC with SHA-256/384 (which also shows OpenSSL is in use), and
     * nothing Tomcat refuses.
     */
    @Test
    void acceptsTheCipherSuitesTomcatsConnectorAcceptsThatItsProviderImplements() throws Exception {
        SSLContext client = keystore.trustingOnlyIt();
        Set<String> byTomcat = new TreeSet<>();
        Set<String> byRelay = new TreeSet<>();
        for (String suite : client.getSocketFactory().getSupportedCipherSuites()) {
            if (suite.endsWith("_SCSV")) {
                continue;
            }
            if (accepts(client, node.port(), suite)) {
                byTomcat.add(suite);
            }
            if (accepts(client, node.relayPort(), suite)) {
                byRelay.add(suite);
            }
        }
        Set<String> onlyByTomcat = new TreeSet<>(byTomcat);
        onlyByTomcat.removeAll(byRelay);

        assertThat(byRelay).isSubsetOf(byTomcat).isSubsetOf(DataPlaneTls.tomcatConnectorCipherSuites())
                .contains("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384")
                .doesNotContain("TLS_RSA_WITH_AES_128_GCM_SHA256");
        DataPlaneTls relayTls = DataPlaneTls.load(keystore.file(), keystore.password());
        assertThat(relayTls.cipherSuites()).as("enabled on the relay").isSubsetOf(DataPlaneTls.tomcatConnectorCipherSuites())
                .noneMatch(suite -> suite.contains("_PSK_"));
        if (relayTls.provider() == SslProvider.OPENSSL) {
            assertThat(onlyByTomcat).as("BoringSSL implements no DHE suites").isNotEmpty()
                    .doesNotContainAnyElementsOf(OpenSsl.availableJavaCipherSuites());
        } else {
            assertThat(onlyByTomcat).isEmpty();
        }
    }

    @Test
    void usesOpenSslWhereNettyTcnativeLoads() throws IOException {
        assertThat(OpenSsl.isAvailable()).as("netty-tcnative BoringSSL on this platform: %s", OpenSsl.unavailabilityCause())
                .isTrue();
        assertThat(DataPlaneTls.load(keystore.file(), keystore.password()).provider()).isEqualTo(SslProvider.OPENSSL);
    }

    @Test
    void aKeystoreThatCannotBeReadIsAnErrorNamingIt() {
        assertThatThrownBy(() -> DataPlaneTls.load(keystore.file(), "not-" + keystore.password()))
                .isInstanceOf(IOException.class).hasMessageContaining(keystore.file().toString());
    }

    private HttpClient verifyingClient() {
        return HttpClient.newBuilder().sslContext(keystore.trustingOnlyIt()).version(HttpClient.Version.HTTP_1_1).build();
    }

    private static HttpResponse<String> post(HttpClient client, URI address, String action, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(address).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", action)
                .POST(HttpRequest.BodyPublishers.ofString(SoapExchange.soap11(null, body))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Whether a handshake offering only {@code suite} (on TLSv1.3 for its suites, else TLSv1.2) succeeds on {@code port}. */
    private static boolean accepts(SSLContext client, int port, String suite) throws IOException {
        try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("127.0.0.1", port)) {
            socket.setSoTimeout(30_000);
            socket.setEnabledProtocols(new String[] {isTls13Suite(suite) ? "TLSv1.3" : "TLSv1.2"});
            socket.setEnabledCipherSuites(new String[] {suite});
            socket.startHandshake();
            return true;
        } catch (SSLException refused) {
            return false;
        }
    }

    private static boolean isTls13Suite(String suite) {
        return Arrays.asList("TLS_AES_128_GCM_SHA256", "TLS_AES_256_GCM_SHA384", "TLS_CHACHA20_POLY1305_SHA256")
                .contains(suite);
    }

    /**
     * A handshake with the relay from a Netty client on OpenSSL offering only {@code protocol} (the JDK's
     * own client would not even offer TLSv1.1); completes with the negotiated protocol.
     */
    private String handshake(EventLoopGroup loop, String protocol) throws Exception {
        SslContext context = SslContextBuilder.forClient().sslProvider(SslProvider.OPENSSL).protocols(protocol)
                .trustManager((X509Certificate) keystore.certificate()).build();
        SslHandler[] handler = new SslHandler[1];
        Channel channel = new Bootstrap().group(loop).channel(NioSocketChannel.class).handler(new ChannelInitializer<SocketChannel>() {
            @Override
            protected void initChannel(SocketChannel connection) {
                handler[0] = context.newHandler(connection.alloc(), "localhost", node.relayPort());
                connection.pipeline().addLast(handler[0], new ChannelInboundHandlerAdapter() {
                    @Override
                    public void exceptionCaught(ChannelHandlerContext handlerContext, Throwable cause) {
                        handlerContext.close(); // a failed handshake: its future carries the cause to the test
                    }
                });
            }
        }).connect("127.0.0.1", node.relayPort()).sync().channel();
        try {
            Future<Channel> done = handler[0].handshakeFuture();
            assertThat(done.await(30, TimeUnit.SECONDS)).as("the handshake ended").isTrue();
            if (done.cause() instanceof Exception failed) {
                throw failed;
            } else if (done.cause() != null) {
                throw new AssertionError("the handshake failed", done.cause());
            }
            return handler[0].engine().getSession().getProtocol();
        } finally {
            channel.close().syncUninterruptibly();
        }
    }

    private static String readToEnd(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        in.transferTo(all);
        return all.toString(StandardCharsets.ISO_8859_1);
    }
}
