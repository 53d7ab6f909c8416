package org.servicedomain.node.engine.events;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.outbound.TestOutbound;

/** Events go only to a receiver in a network the node may reach, checked when the notifier connects. */
class HttpEventNotifierTest {

    /** Only 127.0.0.2 of loopback may be reached. */
    private static final ProviderNetworks NETWORKS = new ProviderNetworks(Networks.parse("127.0.0.2"), Networks.LOOPBACK);

    private final List<String> permittedReceived = new CopyOnWriteArrayList<>();
    private final List<String> deniedReceived = new CopyOnWriteArrayList<>();
    private final HttpServer permitted = receiver("127.0.0.2", permittedReceived);
    private final HttpServer denied = receiver("127.0.0.1", deniedReceived);

    @AfterEach
    void stop() {
        permitted.stop(0);
        denied.stop(0);
    }

    @Test
    void anEventForAReceiverWhoseNameResolvesIntoADeniedNetworkIsNotSentThere() {
        HostResolver names = host -> new InetAddress[] {Networks.literal("127.0.0.1")};
        AtomicReference<String> url = new AtomicReference<>("http://receiver.test:" + denied.getAddress().getPort() + "/events");

        try (Outbound outbound = TestOutbound.open(new PermittedAddresses(NETWORKS, names));
                HttpEventNotifier notifier = new HttpEventNotifier(url::get, outbound.calls(Outbound.Reach.PROVIDERS, "test"),
                        Duration.ofSeconds(5))) {
            notifier.on(event(NodeEvent.Type.INSTANCE_EJECTED));
            url.set("http://127.0.0.2:" + permitted.getAddress().getPort() + "/events");
            notifier.on(event(NodeEvent.Type.INSTANCE_BACK));

            await().atMost(Duration.ofSeconds(30)).until(() -> !permittedReceived.isEmpty());
        }

        assertThat(permittedReceived).singleElement().asString().contains("INSTANCE_BACK");
        assertThat(deniedReceived).isEmpty();
    }

    private static NodeEvent event(NodeEvent.Type type) {
        return new NodeEvent(type, Instant.EPOCH, "StockQuotePortType", "quote-a", "test");
    }

    private static HttpServer receiver(String address, List<String> received) {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(address, 0), 0);
            server.createContext("/events", exchange -> {
                received.add(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            server.start();
            return server;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
