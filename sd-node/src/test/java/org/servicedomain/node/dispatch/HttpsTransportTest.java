package org.servicedomain.node.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.outbound.OutboundCall;
import org.servicedomain.node.outbound.OutboundSettings;
import org.servicedomain.node.outbound.TestCertificate;

/**
 * HTTPS providers are called on the event loops' pools like plain HTTP ones, against a real loopback
 * HTTPS server: the certificate must chain to the node's trust and name the host the node called.
 */
class HttpsTransportTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    /** provider.test is loopback, under a name the certificate does not carry. */
    private static final PermittedAddresses ANYWHERE = new PermittedAddresses(new ProviderNetworks(Networks.NONE, Networks.NONE),
            host -> host.equals("provider.test") ? new InetAddress[] {InetAddress.getLoopbackAddress()} : HostResolver.SYSTEM.resolve(host));

    @TempDir
    static Path dir;
    private static TestCertificate certificate;

    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private HttpsServer provider;
    private Outbound outbound;

    @BeforeAll
    static void aCertificate() throws Exception {
        certificate = TestCertificate.generate(dir);
    }

    @BeforeEach
    void anHttpsProvider() throws Exception {
        provider = HttpsServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        provider.setHttpsConfigurator(new HttpsConfigurator(certificate.serverContext()));
        provider.createContext("/echo", exchange -> {
            clientPorts.add(exchange.getRemoteAddress().getPort());
            byte[] body = exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", exchange.getRequestHeaders().getFirst("Content-Type"));
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        provider.setExecutor(handlers);
        provider.start();
    }

    @AfterEach
    void stop() {
        if (outbound != null) {
            outbound.close();
        }
        provider.stop(0);
        handlers.shutdownNow();
    }

    private SoapTransport transport(TrustManagerFactory trust) {
        outbound = Outbound.open(new OutboundSettings(WAIT, WAIT, 1, 4, 1 << 20, trust, ANYWHERE), 1);
        return new NettySoapTransport(outbound, Outbound.Reach.PROVIDERS, "test", 1, 4, 1 << 20);
    }

    private String address(String host) {
        return "https://" + host + ":" + provider.getAddress().getPort() + "/echo";
    }

    @Test
    void postsTheMessageOverHttpsOnAKeptAliveConnectionWhenTheCertificateIsTrusted() {
        SoapTransport transport = transport(OutboundSettings.trusting(certificate.keystore()));

        for (int i = 0; i < 3; i++) {
            ProviderReply reply = transport.post(address("localhost"), TestInstances.request(), WAIT).join();
            assertThat(reply.status()).isEqualTo(200);
            assertThat(new String(reply.body(), StandardCharsets.UTF_8))
                    .isEqualTo(new String(TestInstances.request().body(), StandardCharsets.UTF_8));
        }

        assertThat(clientPorts).hasSize(1);
    }

    @Test
    void aProviderWhoseCertificateIsNotTrustedIsNotSentTheRequest() {
        SoapTransport transport = transport(OutboundSettings.jvmTrust());

        assertNotSentForTls(transport.post(address("localhost"), TestInstances.request(), WAIT));
    }

    @Test
    void aTrustedCertificateForAnotherNameIsRefused() {
        SoapTransport transport = transport(OutboundSettings.trusting(certificate.keystore()));

        assertNotSentForTls(transport.post(address("provider.test"), TestInstances.request(), WAIT));
    }

    @Test
    void theNodesOwnCallsUseTheSameTrust() throws IOException {
        transport(OutboundSettings.trusting(certificate.keystore()));

        byte[] wsdl = "<definitions/>".getBytes(StandardCharsets.UTF_8);
        assertThat(outbound.calls(Outbound.Reach.PROVIDERS, "test").await(OutboundCall.post(URI.create(address("localhost")),
                "text/xml", wsdl, WAIT, 1024)).body()).isEqualTo(wsdl);
    }

    private void assertNotSentForTls(CompletableFuture<ProviderReply> reply) {
        assertThat(reply).failsWithin(WAIT.multipliedBy(2)).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(DispatchException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DispatchException.Kind.CONNECTION);
                    assertThat(e.requestSent()).isFalse();
                    assertThat(e.getMessage()).contains("TLS handshake");
                });
        assertThat(clientPorts).isEmpty();
    }
}
