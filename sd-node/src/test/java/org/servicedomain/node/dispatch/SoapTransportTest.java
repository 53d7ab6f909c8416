package org.servicedomain.node.dispatch;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;
import org.servicedomain.node.core.RequestContext;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.outbound.TestOutbound;

/**
 * Both transports against a real loopback server: the message goes out unchanged, connections
 * are kept alive and bounded, and each failure says whether the request may have reached the server.
 */
class SoapTransportTest {

    private static final Duration WAIT = Duration.ofSeconds(30);

    /** Every address: no allow-list, no deny-list. */
    private static final PermittedAddresses ANYWHERE =
            new PermittedAddresses(new ProviderNetworks(Networks.NONE, Networks.NONE), HostResolver.SYSTEM);

    /** The transports, each with at most one connection per address, a reply limit and where they may connect. */
    enum Kind {
        NETTY(OwnLoops::new);

        final BiFunction<Long, PermittedAddresses, SoapTransport> checked;

        Kind(BiFunction<Long, PermittedAddresses, SoapTransport> checked) {
            this.checked = checked;
        }

        /** The transport with a reply limit of {@code limit} bytes, connecting anywhere. */
        SoapTransport open(long limit) {
            return checked.apply(limit, ANYWHERE);
        }
    }

    /** The transport on event loops of its own, ended with it. */
    private static final class OwnLoops implements SoapTransport {
        private final Outbound outbound;
        private final SoapTransport transport;

        OwnLoops(long limit, PermittedAddresses permitted) {
            outbound = TestOutbound.open(limit, permitted);
            transport = new NettySoapTransport(outbound, Outbound.Reach.PROVIDERS, "test", 1, 4, limit);
        }

        @Override
        public CompletableFuture<ProviderReply> post(String address, RequestContext request, Duration timeout, String... extraHeaders) {
            return transport.post(address, request, timeout, extraHeaders);
        }

        @Override
        public void close() {
            transport.close();
            outbound.close();
        }
    }

    private final CountDownLatch released = new CountDownLatch(1);
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private final Set<Integer> clientPorts = ConcurrentHashMap.newKeySet();
    private final AtomicInteger atOnce = new AtomicInteger();
    private final AtomicInteger mostAtOnce = new AtomicInteger();
    private HttpServer server;
    private SoapTransport transport;

    @BeforeEach
    void aLoopbackServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/silent", exchange -> {
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        server.createContext("/echo", this::echo);
        server.createContext("/large", exchange -> answer(exchange, 200, "x".repeat(4096).getBytes(StandardCharsets.UTF_8)));
        server.setExecutor(handlers);
        server.start();
    }

    /** Answers with what it got: the SOAPAction, a line break and the body, as Content-Type; after a while when asked to. */
    private void echo(HttpExchange exchange) throws IOException {
        clientPorts.add(exchange.getRemoteAddress().getPort());
        mostAtOnce.accumulateAndGet(atOnce.incrementAndGet(), Math::max);
        boolean answering = false;
        try {
            byte[] body = exchange.getRequestBody().readAllBytes();
            if (exchange.getRequestURI().getQuery() != null) {
                TimeUnit.MILLISECONDS.sleep(200); // the query asks for a slow answer, to overlap requests
            }
            exchange.getResponseHeaders().add("Content-Type", exchange.getRequestHeaders().getFirst("Content-Type"));
            byte[] action = (exchange.getRequestHeaders().getFirst("SOAPAction") + "\n").getBytes(StandardCharsets.UTF_8);
            byte[] echoed = new byte[action.length + body.length];
            System.arraycopy(action, 0, echoed, 0, action.length);
            System.arraycopy(body, 0, echoed, action.length, body.length);
            // no longer held once the answer goes: the client may send its next request on this
            // connection as soon as it has the answer, perhaps before this thread gets here again
            answering = true;
            atOnce.decrementAndGet();
            answer(exchange, 200, echoed);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (!answering) {
                atOnce.decrementAndGet();
            }
        }
    }

    private static void answer(HttpExchange exchange, int status, byte[] body) throws IOException {
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @AfterEach
    void stop() {
        released.countDown();
        if (transport != null) {
            transport.close();
        }
        server.stop(0);
        handlers.shutdownNow();
    }

    private String address(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + path;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aZeroTimeoutTimesOutInsteadOfWaitingForever(Kind kind) {
        transport = kind.open(1L << 20);

        CompletableFuture<ProviderReply> reply = transport.post(address("/silent"), TestInstances.request(), Duration.ZERO);

        assertThat(reply).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(DispatchException.class);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aShortTimeoutOnAConnectionKeptFromARequestWithALongOneStillTimesOut(Kind kind) {
        transport = kind.open(1L << 20);
        assertThat(transport.post(address("/echo"), TestInstances.request(), Duration.ofMinutes(10)).join().status()).isEqualTo(200);

        CompletableFuture<ProviderReply> reply = transport.post(address("/silent"), TestInstances.request(), Duration.ofMillis(200));

        assertThat(reply).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(DispatchException.class).withMessageContaining("no response within 200 ms");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void postsTheClientsBytesContentTypeAndSoapActionUnchanged(Kind kind) {
        transport = kind.open(1L << 20);
        RequestContext request = TestInstances.request();

        ProviderReply reply = transport.post(address("/echo"), request, WAIT).join();

        assertThat(reply.status()).isEqualTo(200);
        assertThat(new String(reply.body(), StandardCharsets.UTF_8))
                .isEqualTo(request.soapAction() + "\n" + new String(request.body(), StandardCharsets.UTF_8));
        assertThat(reply.contentType()).isEqualTo(request.contentType());
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void keepsTheConnectionAliveFromRequestToRequest(Kind kind) {
        transport = kind.open(1L << 20);

        for (int i = 0; i < 5; i++) {
            assertThat(transport.post(address("/echo"), TestInstances.request(), WAIT).join().status()).isEqualTo(200);
        }

        assertThat(clientPorts).hasSize(1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void requestsBeyondTheConnectionLimitWaitForAFreeConnection(Kind kind) {
        transport = kind.open(1L << 20);

        List<CompletableFuture<ProviderReply>> replies = List.of(
                transport.post(address("/echo?slow"), TestInstances.request(), WAIT),
                transport.post(address("/echo?slow"), TestInstances.request(), WAIT),
                transport.post(address("/echo?slow"), TestInstances.request(), WAIT));

        assertThat(replies).allSatisfy(r -> assertThat(r.join().status()).isEqualTo(200));
        assertThat(mostAtOnce.get()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aRefusedConnectionIsAFailureThatDidNotReachTheServer(Kind kind) throws IOException {
        transport = kind.open(1L << 20);
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }

        CompletableFuture<ProviderReply> reply = transport.post("http://127.0.0.1:" + closedPort + "/x", TestInstances.request(), WAIT);

        assertThat(reply).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(DispatchException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DispatchException.Kind.CONNECTION);
                    assertThat(e.requestSent()).isFalse();
                });
    }

    @Test
    void aReusedConnectionResetBeforeAnyAnswerIsTheKeepAliveRaceAndCountsAsNotSent() throws Exception {
        transport = Kind.NETTY.open(1L << 20);
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Void> provider = CompletableFuture.runAsync(() -> answerOnceThenReset(socket), handlers);
            String address = "http://127.0.0.1:" + socket.getLocalPort() + "/x";

            assertThat(transport.post(address, TestInstances.request(), WAIT)).succeedsWithin(WAIT);
            CompletableFuture<ProviderReply> second = transport.post(address, TestInstances.request(), WAIT);

            assertThat(second).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                    .havingCause().isInstanceOfSatisfying(DispatchException.class, e -> {
                        assertThat(e.kind()).isEqualTo(DispatchException.Kind.CONNECTION);
                        assertThat(e.requestSent()).as(e.getMessage()).isFalse();
                    });
            provider.get(WAIT.toSeconds(), TimeUnit.SECONDS);
        }
    }

    /** A server that answers the first request on a kept-alive connection, then resets it as the next one arrives. */
    private static void answerOnceThenReset(ServerSocket server) {
        try (Socket connection = server.accept()) {
            InputStream in = connection.getInputStream();
            int length = contentLength(readHead(in));
            in.readNBytes(length);
            connection.getOutputStream().write("HTTP/1.1 200 OK\r\nContent-Type: text/xml\r\nContent-Length: 4\r\n\r\n<a/>"
                    .getBytes(StandardCharsets.US_ASCII));
            connection.getOutputStream().flush();
            if (in.read() < 0) {
                throw new IllegalStateException("the second request never came");
            }
            connection.setSoLinger(true, 0); // a close with unread data: the peer gets a reset, not a FIN
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the request's head ended early");
            }
            head.append((char) b);
        }
        return head.toString();
    }

    private static int contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(java.util.Locale.ROOT).startsWith("content-length:")) {
                return Integer.parseInt(line.substring("content-length:".length()).trim());
            }
        }
        return 0;
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aHostWhoseNameResolvesIntoADeniedNetworkIsNotConnectedAndTheFailureSaysWhy(Kind kind) {
        HostResolver names = host -> host.equals("provider.test") ? new InetAddress[] {InetAddress.getLoopbackAddress()}
                : HostResolver.SYSTEM.resolve(host);
        transport = kind.checked.apply(1L << 20, loopbackDenied(names));

        CompletableFuture<ProviderReply> reply = transport.post("http://provider.test:" + server.getAddress().getPort() + "/echo",
                TestInstances.request(), WAIT);

        assertNotConnectedForADeniedNetwork(reply, "provider.test");
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void anIpLiteralInADeniedNetworkIsNotConnectedThoughItNeedsNoLookup(Kind kind) {
        HostResolver noLookups = host -> {
            throw new AssertionError("looked up " + host);
        };
        transport = kind.checked.apply(1L << 20, loopbackDenied(noLookups));

        CompletableFuture<ProviderReply> reply = transport.post(address("/echo"), TestInstances.request(), WAIT);

        assertNotConnectedForADeniedNetwork(reply, "127.0.0.1");
    }

    private static PermittedAddresses loopbackDenied(HostResolver names) {
        return new PermittedAddresses(new ProviderNetworks(Networks.NONE, Networks.LOOPBACK), names);
    }

    /** {@code reply} failed as a connection never made, naming {@code host} and the denied network, and the server saw no client. */
    private void assertNotConnectedForADeniedNetwork(CompletableFuture<ProviderReply> reply, String host) {
        assertThat(reply).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(DispatchException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DispatchException.Kind.CONNECTION);
                    assertThat(e.requestSent()).isFalse();
                    assertThat(e.getMessage()).contains(host).contains("networks the node does not reach");
                });
        assertThat(clientPorts).isEmpty();
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aHostIsLookedUpPerConnectionNotPerRequestAndOnlyItsPermittedAddressIsConnected(Kind kind) {
        AtomicInteger lookups = new AtomicInteger();
        HostResolver names = host -> {
            lookups.incrementAndGet();
            return new InetAddress[] {Networks.literal("169.254.169.254"), InetAddress.getLoopbackAddress()};
        };
        transport = kind.checked.apply(1L << 20, new PermittedAddresses(ProviderNetworks.defaultFor(true), names));
        String address = "http://provider.test:" + server.getAddress().getPort() + "/echo";

        for (int i = 0; i < 3; i++) {
            assertThat(transport.post(address, TestInstances.request(), WAIT).join().status()).isEqualTo(200);
        }

        assertThat(clientPorts).hasSize(1);
        assertThat(lookups.get()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Kind.class)
    void aReplyOverTheMessageLimitIsAProtocolFailure(Kind kind) {
        transport = kind.open(1024L);

        CompletableFuture<ProviderReply> reply = transport.post(address("/large"), TestInstances.request(), WAIT);

        assertThat(reply).failsWithin(WAIT).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOfSatisfying(DispatchException.class, e -> {
                    assertThat(e.kind()).isEqualTo(DispatchException.Kind.PROTOCOL);
                    assertThat(e.getMessage()).contains("1024");
                });
    }
}
