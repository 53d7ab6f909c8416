package org.servicedomain.testsupport;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** A stand-in for a problem-determination component: an HTTP endpoint on loopback keeping every event POSTed to it. */
public final class EventReceiver implements AutoCloseable {

    private final HttpServer server;
    private final List<String> bodies = new CopyOnWriteArrayList<>();

    private EventReceiver(HttpServer server) {
        this.server = server;
    }

    public static EventReceiver start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            EventReceiver receiver = new EventReceiver(server);
            server.createContext("/events", exchange -> {
                try (InputStream in = exchange.getRequestBody()) {
                    receiver.bodies.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
                }
                exchange.sendResponseHeaders(204, -1);
                exchange.close();
            });
            server.start();
            return receiver;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public URI address() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/events");
    }

    /** The JSON bodies received so far, in order. */
    public List<String> bodies() {
        return List.copyOf(bodies);
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
