package org.servicedomain.samples.gpdr;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Registration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A small global problem determination and recovery (GPDR) component: receives events as JSON
 * over HTTP at {@code /events} (a node's {@code notifyUrl}, and business processes reporting
 * errors), correlates them, and recovers a port by registering a spare node's instances with the
 * main node.
 */
public final class ProblemRecovery implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(ProblemRecovery.class);
    private static final int MAX_EVENT_BYTES = 64 * 1024;

    private final EventCorrelator correlator;
    private final SpareRecovery recovery;
    private final HttpServer server;
    private final ExecutorService workers = Executors.newFixedThreadPool(2, r -> {
        Thread t = new Thread(r, "sd-gpdr");
        t.setDaemon(true);
        return t;
    });
    private final ObjectMapper json = new ObjectMapper();
    private final List<String> recovered = new CopyOnWriteArrayList<>();

    private ProblemRecovery(EventCorrelator correlator, SpareRecovery recovery, HttpServer server) {
        this.correlator = correlator;
        this.recovery = recovery;
        this.server = server;
    }

    /** Starts receiving on {@code 127.0.0.1:port} (0 for an ephemeral port). */
    public static ProblemRecovery start(EventCorrelator correlator, SpareRecovery recovery, int port) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        ProblemRecovery gpdr = new ProblemRecovery(correlator, recovery, server);
        server.setExecutor(gpdr.workers);
        server.createContext("/events", gpdr::receive);
        server.start();
        return gpdr;
    }

    /** Where nodes and business processes post events. */
    public URI eventsUrl() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort() + "/events");
    }

    /** The ports recovered so far, in order. */
    public List<String> recovered() {
        return List.copyOf(recovered);
    }

    private void receive(HttpExchange exchange) throws IOException {
        try (exchange) {
            if (!"POST".equals(exchange.getRequestMethod())) {
                exchange.sendResponseHeaders(405, -1);
                return;
            }
            ProblemEvent event;
            try (InputStream in = exchange.getRequestBody()) {
                byte[] body = in.readNBytes(MAX_EVENT_BYTES + 1);
                if (body.length > MAX_EVENT_BYTES) {
                    exchange.sendResponseHeaders(413, -1);
                    return;
                }
                event = json.readValue(body, ProblemEvent.class);
            } catch (IOException e) {
                log.info("an event that is not JSON was refused: {}", e.getMessage());
                exchange.sendResponseHeaders(400, -1);
                return;
            }
            exchange.sendResponseHeaders(204, -1);
            log.info("event {} on {}", event.type(), event.virtualPort());
            correlator.on(event).ifPresent(this::recover);
        }
    }

    private void recover(String port) {
        try {
            List<Registration> added = recovery.recover(port);
            recovered.add(port);
            log.info("recovered {} with {} spare instances", port, added.size());
        } catch (HomeFault | RuntimeException e) {
            log.error("recovery of {} failed", port, e);
        }
    }

    @Override
    public void close() {
        server.stop(0);
        workers.shutdownNow();
    }
}
