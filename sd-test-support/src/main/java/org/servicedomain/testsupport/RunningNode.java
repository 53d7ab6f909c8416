package org.servicedomain.testsupport;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.engine.offload.LoadReport;
import org.servicedomain.node.hierarchy.ParentProof;
import org.servicedomain.node.launcher.EmbeddedNode;

/**
 * A real node in embedded Tomcat on an ephemeral loopback port, wired exactly as in production,
 * with its data directory kept by the test so it can be restarted over the same state.
 */
public final class RunningNode implements AutoCloseable {

    private final NodeConfig config;
    private final Path consoleWar;
    private EmbeddedNode node;
    private int port;
    private int relayPort = -1;

    private RunningNode(NodeConfig config, Path consoleWar) {
        this.config = config;
        this.consoleWar = consoleWar;
    }

    /** A node with default settings keeping its state in {@code dataDir}. */
    public static RunningNode start(Path dataDir) {
        return start(NodeConfig.builder(dataDir).build());
    }

    public static RunningNode start(NodeConfig config) {
        RunningNode running = new RunningNode(config, null);
        running.boot(0);
        return running;
    }

    /** A node on loopback port {@code port}, e.g. one a load balancer already lists as down ({@link HaproxyFront#freePort()}). */
    public static RunningNode start(NodeConfig config, int port) {
        RunningNode running = new RunningNode(config, null);
        running.boot(port);
        return running;
    }

    /** A node with the admin console from {@code consoleWar} beside it at {@code /sd-admin}, as the launcher serves it. */
    public static RunningNode startWithConsole(Path dataDir, Path consoleWar) {
        RunningNode running = new RunningNode(NodeConfig.builder(dataDir).build(), consoleWar);
        running.boot(0);
        return running;
    }

    /** A node configured by {@code config} with the admin console from {@code consoleWar} beside it. */
    public static RunningNode startWithConsole(NodeConfig config, Path consoleWar) {
        RunningNode running = new RunningNode(config, consoleWar);
        running.boot(0);
        return running;
    }

    private void boot(int wantedPort) {
        try {
            node = EmbeddedNode.start(config, "127.0.0.1", wantedPort, consoleWar);
            port = node.port();
            node.startRelay(Math.max(relayPort, 0)); // the data plane, as the launcher starts it by default
            relayPort = node.relayPort();
        } catch (IOException e) {
            throw new UncheckedIOException("the node did not start", e);
        }
    }

    /** Starts WS-Discovery on this node (docs/discovery.md); stopping the node stops it, with a Bye per virtual port. */
    public Discovery startDiscovery(DiscoveryConfig discovery) {
        try {
            return node.startDiscovery(discovery);
        } catch (IOException e) {
            throw new UncheckedIOException("discovery did not start", e);
        }
    }

    /** Stops the node and starts a new one over the same data directory and port. */
    public void restart() {
        stop();
        boot(port);
    }

    /**
     * Stops the node as SIGTERM stops the launcher: it drains first ({@link NodeConfig#drain()}), so this
     * returns after the drain delay and its in-flight requests; {@link #restart()} brings it back.
     */
    public void stop() {
        if (node != null) {
            node.close();
            node = null;
        }
    }

    public NodeConfig config() {
        return config;
    }

    /** {@code http://localhost:PORT/sd}. */
    public URI baseUri() {
        return URI.create("http://localhost:" + port + EmbeddedNode.CONTEXT_PATH);
    }

    /** A fresh client of the home port, generated from its WSDL (not the node's own classes). */
    public HomePortType home() {
        return HomeClient.connect(baseUri());
    }

    /** {@code http://localhost:PORT/sd-admin}, where the console answers when the node was started with one. */
    public URI consoleUri() {
        return URI.create("http://localhost:" + port + EmbeddedNode.CONSOLE_PATH);
    }

    public URI homeAddress() {
        return URI.create(baseUri() + HomeClient.HOME_PATH);
    }

    /** Where the node advertises virtual port {@code name}: on its data plane, the relay. */
    public URI virtualPortAddress(String name) {
        return relayedPortAddress(name);
    }

    /** Virtual port {@code name} on Tomcat's port, the entry a WAR deployment has. */
    public URI servletPortAddress(String name) {
        return URI.create(baseUri() + "/services/ports/" + name);
    }

    /**
     * The address of virtual port {@code name} on the node's data plane, the relay ({@code --relay-port}),
     * which the node starts on an ephemeral loopback port (the same one again on restart), as the launcher does.
     */
    public URI relayedPortAddress(String name) {
        return URI.create(node.relayScheme() + "://localhost:" + relayPort + EmbeddedNode.CONTEXT_PATH + "/services/ports/" + name);
    }

    /** The port of the node's data plane, the relay, where it advertises its virtual ports. */
    public int dataPlanePort() {
        return relayPort;
    }

    public URI virtualPortWsdl(String name) {
        return URI.create(virtualPortAddress(name) + "?wsdl");
    }

    /** The node's load report at {@code /sd/load}, as its peers read it (with the proof of its secret, if it has one). */
    public LoadReport loadReport() {
        String secret = config.hierarchy().parentSecret();
        URI load = URI.create(baseUri() + "/load");
        SoapReply reply = SoapExchange.get(load, secret == null ? Map.of() : Map.of(ParentProof.HEADER, ParentProof.of(secret, "GET", load)));
        if (reply.status() != 200) {
            throw new AssertionError("GET /sd/load answered HTTP " + reply.status() + ": " + reply.text());
        }
        try {
            return new ObjectMapper().readValue(reply.body(), LoadReport.class);
        } catch (IOException e) {
            throw new AssertionError("the load report is not JSON: " + reply.text(), e);
        }
    }

    /** This node's last load index of the peer with home-port address {@code peerHome}, or null when it has none. */
    public Double peerLoadIndex(URI peerHome) {
        return loadReport().peers().stream().filter(p -> p.address().equals(peerHome.toString()))
                .map(LoadReport.PeerView::loadIndex).filter(Objects::nonNull).findFirst().orElse(null);
    }

    @Override
    public void close() {
        stop();
    }
}
