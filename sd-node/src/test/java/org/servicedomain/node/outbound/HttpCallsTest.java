package org.servicedomain.node.outbound;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.network.DeniedNetworkException;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;

/** The node's own HTTP calls against real loopback servers: what goes out, what comes back, and where they may not go. */
class HttpCallsTest {

    private static final Duration WAIT = Duration.ofSeconds(5);
    /** Loopback is reachable except 127.0.0.2, which stands for a network the node must not reach. */
    private static final ProviderNetworks NETWORKS = new ProviderNetworks(Networks.NONE, Networks.parse("127.0.0.2/32"));

    private final List<String> permittedSaw = new CopyOnWriteArrayList<>();
    private final List<String> deniedSaw = new CopyOnWriteArrayList<>();
    private final CountDownLatch released = new CountDownLatch(1);
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private final HttpServer permitted = server("127.0.0.1", permittedSaw);
    private final HttpServer denied = server("127.0.0.2", deniedSaw);
    /** What provider.test resolves to now. */
    private final AtomicReference<String> providerTest = new AtomicReference<>("127.0.0.1");
    private final Outbound outbound = TestOutbound.open(1024, new PermittedAddresses(NETWORKS,
            host -> host.equals("provider.test") ? new InetAddress[] {Networks.literal(providerTest.get())}
                    : HostResolver.SYSTEM.resolve(host)));
    private final HttpCalls calls = outbound.calls(Outbound.Reach.PROVIDERS, "sd-test");

    @AfterEach
    void stop() {
        released.countDown();
        outbound.close();
        permitted.stop(0);
        denied.stop(0);
        handlers.shutdownNow();
    }

    @Test
    void sendsTheMethodHeadersAndBodyAndBringsBackTheStatusHeadersAndBody() throws IOException {
        OutboundAnswer answer = calls.await(OutboundCall.post(uri("provider.test", permitted, "/echo"), "application/json",
                "{\"a\":1}".getBytes(StandardCharsets.UTF_8), WAIT, 1024).with("X-Test", "yes"));

        assertThat(answer.status()).isEqualTo(201);
        assertThat(answer.header("Content-Type")).isEqualTo("text/plain");
        assertThat(new String(answer.body(), StandardCharsets.UTF_8)).isEqualTo("POST yes application/json sd-test {\"a\":1}");
    }

    @Test
    void aNameThatResolvesIntoADeniedNetworkLaterIsRefusedAtTheNextConnect() throws IOException {
        assertThat(calls.await(OutboundCall.get(uri("provider.test", permitted, "/echo"), WAIT, 1024)).status()).isEqualTo(201);

        providerTest.set("127.0.0.2"); // the name is rebound after the node checked it once
        URI rebound = uri("provider.test", denied, "/echo");

        assertThatThrownBy(() -> calls.await(OutboundCall.get(rebound, WAIT, 1024)))
                .isInstanceOf(DeniedNetworkException.class).hasMessageContaining("provider.test");
        assertThat(permittedSaw).hasSize(1);
        assertThat(deniedSaw).isEmpty();
    }

    @Test
    void theOperatorsOwnNodesAreNotHeldToTheProviderNetworks() throws IOException {
        HttpCalls operator = outbound.calls(Outbound.Reach.OPERATOR, "sd-test");

        assertThat(operator.await(OutboundCall.get(uri("127.0.0.2", denied, "/echo"), WAIT, 1024)).status()).isEqualTo(201);
        assertThat(deniedSaw).hasSize(1);
    }

    @Test
    void anAnswerLargerThanTheCallAllowsFailsAsTooLarge() {
        assertThatThrownBy(() -> calls.await(OutboundCall.get(uri("127.0.0.1", permitted, "/large"), WAIT, 1024)))
                .isInstanceOf(AnswerTooLargeException.class).hasMessageContaining("1024");
    }

    @Test
    void noAnswerWithinTheCallsTimeoutFailsAsASocketTimeout() {
        assertThatThrownBy(() -> calls.await(OutboundCall.get(uri("127.0.0.1", permitted, "/silent"), Duration.ofMillis(200), 1024)))
                .isInstanceOf(SocketTimeoutException.class).hasMessageContaining("200 ms");
    }

    @Test
    void theAnswerCompletesOnAnEventLoopWithoutACallerThreadWaiting() {
        AtomicReference<Thread> completedOn = new AtomicReference<>();

        calls.send(OutboundCall.get(uri("127.0.0.1", permitted, "/echo"), WAIT, 1024))
                .thenAccept(answer -> completedOn.set(Thread.currentThread())).join();

        assertThat(completedOn.get().getName()).startsWith("sd-relay");
    }

    @Test
    void waitingForAnAnswerOnAnEventLoopIsRefusedRatherThanHoldingTheLoopUp() {
        OutboundCall call = OutboundCall.get(uri("127.0.0.1", permitted, "/echo"), WAIT, 1024);

        assertThat(outbound.eachLoop().get(0).submit(() -> calls.await(call)))
                .failsWithin(WAIT).withThrowableOfType(java.util.concurrent.ExecutionException.class)
                .havingCause().isInstanceOf(IllegalStateException.class).withMessageContaining("event loop");
        assertThat(permittedSaw).isEmpty();
    }

    private static URI uri(String host, HttpServer server, String path) {
        return URI.create("http://" + host + ":" + server.getAddress().getPort() + path);
    }

    private HttpServer server(String address, List<String> saw) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(address, 0), 0);
            server.createContext("/echo", exchange -> {
                byte[] body = exchange.getRequestBody().readAllBytes();
                saw.add(exchange.getRequestMethod());
                answer(exchange, 201, (exchange.getRequestMethod() + " " + exchange.getRequestHeaders().getFirst("X-Test") + " "
                        + exchange.getRequestHeaders().getFirst("Content-Type") + " " + exchange.getRequestHeaders().getFirst("User-Agent")
                        + " " + new String(body, StandardCharsets.UTF_8)).getBytes(StandardCharsets.UTF_8));
            });
            server.createContext("/large", exchange -> answer(exchange, 200, new byte[4096]));
            server.createContext("/silent", exchange -> {
                try {
                    released.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                exchange.close();
            });
            server.setExecutor(handlers);
            server.start();
            return server;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.getResponseHeaders().add("Content-Type", "text/plain");
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }
}
