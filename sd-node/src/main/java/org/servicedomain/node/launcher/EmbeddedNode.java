package org.servicedomain.node.launcher;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.catalina.Context;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.apache.catalina.valves.RemoteIpValve;
import org.apache.tomcat.util.net.SSLHostConfig;
import org.apache.tomcat.util.net.SSLHostConfigCertificate;
import org.servicedomain.node.Node;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.discovery.Discovery;
import org.servicedomain.node.discovery.DiscoveryConfig;
import org.servicedomain.node.entry.NodeWebApp;
import org.servicedomain.node.entry.port.DataPlaneTls;
import org.servicedomain.node.entry.port.VirtualPortFront;
import org.servicedomain.node.entry.port.VirtualPortRelay;
import org.servicedomain.node.network.Networks;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A node running in embedded Tomcat 10.1 at context path {@code /sd}, wired exactly as the WAR:
 * used by the standalone launcher and by tests.
 */
public final class EmbeddedNode implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(EmbeddedNode.class);

    public static final String CONTEXT_PATH = "/sd";
    /** Where the admin console is served when the node is started with one. */
    public static final String CONSOLE_PATH = "/sd-admin";

    /** The node's own TLS: a PKCS12 (or JKS) keystore holding its key and certificate, and its password. */
    public record Tls(Path keystore, String password) {
        public Tls {
            if (!Files.isRegularFile(keystore)) {
                throw new IllegalArgumentException("--tls-keystore: no file " + keystore.toAbsolutePath());
            }
        }
    }

    private final Tomcat tomcat;
    private final Connector connector;
    private final Path baseDir;
    private final String scheme;
    private final Context context;
    private final String bindAddress;
    private volatile boolean serving;
    private volatile VirtualPortRelay relay;
    /** The node's TLS, which the relay serves too; null for plain HTTP. */
    private final Tls tls;

    private EmbeddedNode(Tomcat tomcat, Connector connector, Path baseDir, Tls tls, Context context,
            String bindAddress) {
        this.tls = tls;
        this.context = context;
        this.bindAddress = bindAddress;
        this.tomcat = tomcat;
        this.connector = connector;
        this.baseDir = baseDir;
        this.scheme = tls == null ? "http" : "https";
    }

    /** Starts a node on {@code port} (0 for an ephemeral one) and returns once it serves. */
    public static EmbeddedNode start(NodeConfig config, String bindAddress, int port) throws IOException {
        return start(config, bindAddress, port, null);
    }

    /**
     * Starts a node and, when {@code consoleWar} is not null, the admin console from that WAR at
     * {@value #CONSOLE_PATH} on the same port. The node knows nothing of the console: the console
     * is a client of the node's home port like any other.
     */
    public static EmbeddedNode start(NodeConfig config, String bindAddress, int port, Path consoleWar) throws IOException {
        return start(config, bindAddress, port, consoleWar, null);
    }

    /**
     * As {@link #start(NodeConfig, String, int, Path)}, behind proxies: requests from an address that
     * {@code trustedProxies} (a regular expression, Tomcat's {@code RemoteIpValve} {@code internalProxies})
     * matches take their client address and scheme from {@code X-Forwarded-For} and
     * {@code X-Forwarded-Proto}, so login throttling sees the real caller and a console behind a TLS
     * proxy marks its session cookie {@code Secure}. Null trusts no proxy.
     */
    public static EmbeddedNode start(NodeConfig config, String bindAddress, int port, Path consoleWar,
            String trustedProxies) throws IOException {
        return start(config, bindAddress, port, consoleWar, trustedProxies, null);
    }

    /** As {@link #start(NodeConfig, String, int, Path, String)}, serving HTTPS only when {@code tls} is not null. */
    public static EmbeddedNode start(NodeConfig config, String bindAddress, int port, Path consoleWar,
            String trustedProxies, Tls tls) throws IOException {
        Path baseDir = Files.createTempDirectory("sd-tomcat");
        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector("org.apache.coyote.http11.Http11NioProtocol");
        connector.setPort(port);
        if (bindAddress != null) {
            connector.setProperty("address", bindAddress);
        }
        connector.setProperty("maxKeepAliveRequests", "-1");
        // a broker takes bursts of new connections: a deeper accept queue than Tomcat's 100, as proxies use
        connector.setProperty("acceptCount", "1024");
        connector.setProperty("bindOnInit", "false");
        // as many threads kept as may run: none is parked and woken per request (docs/performance.md)
        connector.setProperty("maxThreads", Integer.toString(config.tomcatThreads()));
        connector.setProperty("minSpareThreads", Integer.toString(config.tomcatThreads()));
        // a request's head must arrive within the header timeout (408 on the relay); an idle kept-alive connection
        // waits as long as on the relay instead, so it is not cut at the header timeout
        connector.setProperty("connectionTimeout", Long.toString(config.entry().headerTimeout().toMillis()));
        connector.setProperty("keepAliveTimeout", Long.toString(config.entry().relayIdleTimeout().toMillis()));
        if (tls != null) {
            secure(connector, tls);
        }
        tomcat.setConnector(connector);
        ErrorReportValve errors = new ErrorReportValve(); // error pages without Tomcat's version or a stack trace
        errors.setShowServerInfo(false);
        errors.setShowReport(false);
        tomcat.getHost().getPipeline().addValve(errors);
        if (trustedProxies != null) {
            RemoteIpValve forwarded = new RemoteIpValve();
            forwarded.setInternalProxies(trustedProxies);
            forwarded.setRemoteIpHeader("X-Forwarded-For");
            forwarded.setProtocolHeader("X-Forwarded-Proto");
            tomcat.getHost().getPipeline().addValve(forwarded);
        }
        Path docBase = Files.createDirectories(baseDir.resolve("docbase"));
        Context context = tomcat.addContext(CONTEXT_PATH, docBase.toString());
        NodeConfig resolved = config.withProviderNetworks(config.providerNetworksOr(listensOnlyOnLoopback(bindAddress)));
        context.addServletContainerInitializer(new NodeWebApp(resolved), null);
        if (consoleWar != null) {
            tomcat.getHost().setAppBase(Files.createDirectories(baseDir.resolve("webapps")).toString());
            tomcat.addWebapp(CONSOLE_PATH, consoleWar.toAbsolutePath().toString());
        }
        EmbeddedNode node = new EmbeddedNode(tomcat, connector, baseDir, tls, context, bindAddress);
        try {
            tomcat.start();
        } catch (LifecycleException e) {
            node.close();
            throw new IOException("embedded Tomcat did not start", e);
        }
        if (!context.getState().isAvailable() || connector.getLocalPort() <= 0) {
            node.close();
            throw new IOException("the node did not start on port " + port + "; see the log above");
        }
        try {
            node.node().membership().joinCluster(node.memberHome());
        } catch (IOException | RuntimeException e) {
            node.close();
            throw new IOException("the node could not join its cluster: " + e.getMessage(), e);
        }
        node.serving = true;
        return node;
    }

    /**
     * The home-port address other members of a cluster reach this node at: under the public base URL
     * if there is one, else the address it is bound to, else this host's address.
     */
    private URI memberHome() throws IOException {
        String base = node().config().publicAddresses().baseUrl();
        if (base == null) {
            InetAddress bound = Networks.literal(bindAddress);
            String host = bound != null && !bound.isAnyLocalAddress() ? bound.getHostAddress()
                    : InetAddress.getLocalHost().getHostAddress();
            base = scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + CONTEXT_PATH;
        }
        return URI.create(base + "/services/home");
    }

    private static void secure(Connector connector, Tls tls) {
        SSLHostConfig ssl = new SSLHostConfig();
        SSLHostConfigCertificate certificate = new SSLHostConfigCertificate(ssl, SSLHostConfigCertificate.Type.UNDEFINED);
        certificate.setCertificateKeystoreFile(tls.keystore().toAbsolutePath().toString());
        certificate.setCertificateKeystorePassword(tls.password());
        ssl.addCertificate(certificate);
        connector.addSslHostConfig(ssl);
        connector.setProperty("SSLEnabled", "true");
        connector.setScheme("https");
        connector.setSecure(true);
    }

    private static boolean listensOnlyOnLoopback(String bindAddress) {
        InetAddress address = Networks.literal(bindAddress);
        return address != null ? address.isLoopbackAddress() : "localhost".equalsIgnoreCase(bindAddress);
    }

    public int port() {
        return connector.getLocalPort();
    }

    /**
     * Serves the virtual ports on {@code port} too (0 for any free port), through the
     * {@link VirtualPortRelay}, on the same address as Tomcat and, when the node has TLS, over HTTPS with
     * the same keystore ({@link DataPlaneTls}).
     */
    public synchronized void startRelay(int port) throws IOException {
        if (relay != null) {
            throw new IllegalStateException("the relay is running on port " + relay.port());
        }
        DataPlaneTls relayTls = tls == null ? null : DataPlaneTls.load(tls.keystore(), tls.password());
        Node node = node();
        relay = VirtualPortRelay.start(node.config(), node.engine().relayLoops(), node.observation().meterRegistry(), front(),
                bindAddress, port, CONTEXT_PATH, relayTls);
    }

    /** The relay's scheme, {@code https} when the node has TLS, else {@code http}: the relay serves TLS exactly when Tomcat does. */
    public String relayScheme() {
        return scheme;
    }

    /** The relay's port, or 0 when there is no relay. */
    public int relayPort() {
        VirtualPortRelay running = relay;
        return running == null ? 0 : running.port();
    }

    /** {@code http://localhost:PORT/sd}, or {@code https://} with TLS. */
    public URI baseUri() {
        return URI.create(scheme + "://localhost:" + port() + CONTEXT_PATH);
    }

    /** {@code http} or {@code https}. */
    public String scheme() {
        return scheme;
    }

    private VirtualPortFront front() {
        return (VirtualPortFront) context.getServletContext().getAttribute(VirtualPortFront.ATTRIBUTE);
    }

    /** The running node. */
    public Node node() {
        return (Node) context.getServletContext().getAttribute(NodeWebApp.NODE_ATTRIBUTE);
    }

    /**
     * Starts WS-Discovery for this node (docs/discovery.md). Its virtual ports are announced where the
     * node advertises them (the public data or base URL, else its data plane), on the address it is
     * bound to, else on the IPv4 address of the interface discovery multicasts on; the managed proxy is
     * announced on the node's own port (or under its public base URL), where its servlet is.
     */
    public Discovery startDiscovery(DiscoveryConfig config) throws IOException {
        InetAddress bound = Networks.literal(bindAddress);
        String host = bound != null && !bound.isAnyLocalAddress() ? bound.getHostAddress() : Discovery.interfaceAddress(config);
        String publicBase = node().config().publicAddresses().baseUrl();
        String nodeBase = publicBase != null ? publicBase
                : scheme + "://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port() + CONTEXT_PATH;
        return node().membership().startDiscovery(config, front().advertisedBase(scheme, host, port(), CONTEXT_PATH),
                nodeBase + Discovery.PROXY_PATH);
    }

    /**
     * Stops the node: a node that was serving drains first ({@link NodeConfig#drain()}: not ready and out
     * of its cluster, serving on for the drain delay, then no new connections and its in-flight requests
     * finished within the grace), then Tomcat stops and the node closes.
     */
    @Override
    public void close() {
        if (serving) {
            serving = false;
            Node node = node();
            GracefulStop.drain(node, tomcat, connector, relay, node.config().drain());
        }
        VirtualPortRelay running = relay;
        relay = null;
        if (running != null) {
            running.close();
        }
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (LifecycleException e) {
            LOG.warn("embedded Tomcat did not stop cleanly", e);
        }
        deleteTree(baseDir);
    }

    private static void deleteTree(Path dir) {
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            LOG.warn("could not delete Tomcat's work directory {}", dir, e);
        }
    }
}
