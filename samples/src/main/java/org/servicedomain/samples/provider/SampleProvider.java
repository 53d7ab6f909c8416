package org.servicedomain.samples.provider;

import jakarta.xml.ws.soap.SOAPBinding;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.Random;
import java.util.random.RandomGenerator;
import java.util.stream.Stream;
import org.apache.catalina.LifecycleException;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardContext;
import org.apache.catalina.startup.Tomcat;
import org.apache.cxf.Bus;
import org.apache.cxf.jaxws.EndpointImpl;
import org.apache.cxf.logging.FaultListener;
import org.apache.cxf.transport.servlet.CXFNonSpringServlet;
import org.apache.tomcat.util.descriptor.web.FilterDef;
import org.apache.tomcat.util.descriptor.web.FilterMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One real SOAP provider of a {@link SampleService} in its own embedded Tomcat and CXF bus, at
 * {@code http://localhost:PORT/{service}} ({@code https:} with {@link ProviderOptions#tls()}; WSDL at
 * {@code ?wsdl}), with fault injection that tests switch while it runs. It can be stopped and started
 * again on the same port any number of times; counters, fault mode and delay carry over.
 */
public final class SampleProvider implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SampleProvider.class);

    private final ProviderOptions options;
    private final FaultControls controls;
    private int port;
    private Tomcat tomcat;
    private Path baseDir;
    private Bus bus;
    private EndpointImpl endpoint;

    /** A stopped provider; its fail rate draws from a generator seeded with the provider's name. */
    public SampleProvider(ProviderOptions options) {
        this(options, new Random(options.name().hashCode()));
    }

    /** A stopped provider whose fail rate draws from {@code random} (used under a lock, so any generator will do). */
    public SampleProvider(ProviderOptions options, RandomGenerator random) {
        this.options = options;
        this.port = options.port();
        this.controls = new FaultControls(options.delayMs(), options.failRate(), options.workers(), random);
    }

    /** Creates and starts a provider; the usual one-liner for test fixtures. */
    public static SampleProvider launch(ProviderOptions options) {
        SampleProvider provider = new SampleProvider(options);
        provider.start();
        return provider;
    }

    /**
     * Starts serving and returns {@link #address()} once requests are answered. The first start
     * with port 0 picks an ephemeral port; every later start reuses that port.
     *
     * @throws IllegalStateException if already running or Tomcat cannot start (e.g. the port is taken)
     */
    public synchronized URI start() {
        if (tomcat != null) {
            throw new IllegalStateException("provider " + options.name() + " is already running at " + address());
        }
        JulBridge.install();
        controls.open();
        try {
            baseDir = Files.createTempDirectory("sd-sample-");
            bus = PrivateBus.create();
            bus.setProperty(FaultListener.class.getName(), new BadInputLog(options.name()));
            tomcat = newTomcat(baseDir, bus);
            tomcat.start();
            Connector connector = tomcat.getConnector();
            if (connector.getState() != LifecycleState.STARTED || connector.getLocalPort() <= 0) {
                throw new IllegalStateException("connector did not start on port " + port);
            }
            port = connector.getLocalPort();
            endpoint = new EndpointImpl(bus, options.service().createEndpoint(options),
                    options.soap12() ? SOAPBinding.SOAP12HTTP_BINDING : SOAPBinding.SOAP11HTTP_BINDING);
            endpoint.publish("/" + options.service().path());
        } catch (IOException | LifecycleException | RuntimeException e) {
            stop();
            throw new IllegalStateException("provider " + options.name() + " could not start on port " + port, e);
        }
        log.info("{} provider {} serving at {}", options.service().path(), options.name(), address());
        return address();
    }

    /** Stops serving and releases the port at once; waiting requests are released first. Idempotent. */
    public synchronized void stop() {
        controls.close();
        if (endpoint != null) {
            endpoint.stop();
            endpoint = null;
        }
        if (tomcat != null) {
            try {
                tomcat.stop();
                tomcat.destroy();
            } catch (LifecycleException e) {
                log.warn("provider {} did not stop cleanly", options.name(), e);
            }
            tomcat = null;
            log.info("provider {} stopped", options.name());
        }
        if (bus != null) {
            if (bus.getState() != Bus.BusState.SHUTDOWN) { // the CXF servlet's destroy() usually did it
                bus.shutdown(true);
            }
            bus = null;
        }
        if (baseDir != null) {
            deleteTree(baseDir);
            forgetTomcatDirectory(baseDir);
            baseDir = null;
        }
    }

    /** Stops, then starts again on the same port. */
    public synchronized URI restart() {
        stop();
        return start();
    }

    /** Same as {@link #stop()}. */
    @Override
    public void close() {
        stop();
    }

    public synchronized boolean isRunning() {
        return tomcat != null;
    }

    /**
     * The service address, {@code http://localhost:PORT/{service}} ({@code https:} over TLS), or the listening host
     * in place of {@code localhost} when one was given; known once the provider has started.
     */
    public synchronized URI address() {
        if (port == 0) {
            throw new IllegalStateException("provider " + options.name() + " has not started yet");
        }
        String host = options.host() == null ? "localhost" : options.host().contains(":") ? "[" + options.host() + "]" : options.host();
        String scheme = options.tls() == null ? "http" : "https";
        return URI.create(scheme + "://" + host + ":" + port + "/" + options.service().path());
    }

    /** The WSDL address, {@link #address()} followed by {@code ?wsdl}. */
    public URI wsdlAddress() {
        return URI.create(address() + "?wsdl");
    }

    /** The port served on; 0 until the first start of a provider configured with port 0. */
    public synchronized int port() {
        return port;
    }

    public String name() {
        return options.name();
    }

    public ProviderOptions options() {
        return options;
    }

    /** Switches how SOAP requests are answered from now on; requests held by HANG proceed under the new mode. */
    public void setFaultMode(FaultMode mode) {
        controls.setMode(mode);
        log.info("provider {} fault mode {}", options.name(), mode);
    }

    public FaultMode faultMode() {
        return controls.mode();
    }

    /** Delays every SOAP request arriving from now on by {@code delayMs} (0 for none). */
    public void setDelayMs(long delayMs) {
        controls.setDelayMs(delayMs);
    }

    /** Serves at most {@code workers} SOAP requests at once from now on, queueing the rest inside (0: no limit). */
    public void setWorkers(int workers) {
        controls.setWorkers(workers);
    }

    /** SOAP requests queued inside the provider now, waiting for one of its workers. */
    public int waitingForWorker() {
        return controls.waitingForWorker();
    }

    public int workers() {
        return controls.workers();
    }

    public long delayMs() {
        return controls.delayMs();
    }

    /** SOAP requests (POSTs) that arrived, whatever answered them; counted on arrival. */
    public long requestsReceived() {
        return controls.received();
    }

    /** SOAP requests (POSTs) that arrived without the {@value #PROBE_HEADER} header: clients' calls, not health probes. */
    public long callsReceived() {
        return controls.calls();
    }

    /**
     * Requests that waited inside the provider for a worker a millisecond or more (behind calls in
     * service), by the symbol they asked for ("-" for none).
     */
    public Map<String, Long> queuedForWorker() {
        Map<String, Long> queued = new java.util.TreeMap<>();
        controls.waited().forEach((symbol, c) -> queued.put(symbol, c.queued()));
        return queued;
    }

    /**
     * Of {@link #queuedForWorker()}, the requests whose wait began while a call for another symbol
     * held a worker: behind a call of another class, when classes go by symbol.
     */
    public Map<String, Long> queuedBehindAnotherSymbol() {
        Map<String, Long> queued = new java.util.TreeMap<>();
        controls.waited().forEach((symbol, c) -> queued.put(symbol, c.queuedBehindAnotherSymbol()));
        return queued;
    }

    /**
     * SOAP requests handed to the service itself (answered by it, business faults included) rather than
     * by an injected fault; counted before the answer is sent, so it is up to date once a caller has it.
     */
    public long requestsServed() {
        return controls.served();
    }

    /**
     * Health probes that arrived (requests of any method carrying the node's {@value #PROBE_HEADER}
     * header), by the prober's id in that header: which node or cluster member probes this provider.
     */
    public Map<String, Long> probesReceived() {
        return controls.probes();
    }

    /**
     * The W3C {@code traceparent} of the last call (not a health probe) that arrived, or null when
     * it had none; also at {@value LastTraceServlet#PATH}.
     */
    public String lastTraceparent() {
        return controls.lastTrace()[0];
    }

    /** The W3C {@code tracestate} of the last call (not a health probe) that arrived, or null. */
    public String lastTracestate() {
        return controls.lastTrace()[1];
    }

    /** The header a service-domain node sets on its health probes, naming itself. */
    public static final String PROBE_HEADER = "X-SD-Probe";

    private Tomcat newTomcat(Path base, Bus providerBus) {
        Tomcat t = new Tomcat();
        t.setBaseDir(base.toString());
        t.getEngine().setName("sd-sample-" + options.name() + "-" + System.identityHashCode(this));
        Connector connector = new Connector();
        connector.setPort(port);
        if (options.host() != null) {
            connector.setProperty("address", options.host());
        }
        connector.setProperty("bindOnInit", "false");
        connector.setProperty("maxThreads", "200");
        connector.setProperty("maxKeepAliveRequests", "-1");
        // Callers open many connections at once under load (a node or proxy filling its pool): a deeper
        // accept queue than Tomcat's 100, or the kernel drops their SYNs and they wait seconds to retry.
        connector.setProperty("acceptCount", "1024");
        // A reset (SO_LINGER 0) channel is only closed at the poller's next select; don't let that take 1 s.
        connector.setProperty("selectorTimeout", "50");
        if (options.tls() != null) {
            options.tls().serveOn(connector);
        }
        t.setConnector(connector);

        StandardContext context = (StandardContext) t.addContext("", base.toString());
        // Nothing is deployed, so there is nothing to leak; these checks only log JDK-module warnings on stop.
        context.setClearReferencesObjectStreamClassCaches(false);
        context.setClearReferencesThreadLocals(false);
        context.setClearReferencesRmiTargets(false);
        context.getPipeline().addValve(new ConnectionAbortValve());
        Wrapper cxf = Tomcat.addServlet(context, "cxf", new CXFNonSpringServlet(null, providerBus));
        cxf.setLoadOnStartup(1);
        context.addServletMappingDecoded("/*", "cxf");
        Tomcat.addServlet(context, "waits", new WorkerWaitsServlet(controls));
        context.addServletMappingDecoded(WorkerWaitsServlet.PATH, "waits");
        Tomcat.addServlet(context, "trace", new LastTraceServlet(controls));
        context.addServletMappingDecoded(LastTraceServlet.PATH, "trace");

        FilterDef faults = new FilterDef();
        faults.setFilterName("faults");
        faults.setFilter(new FaultInjectionFilter(options.name(), options.soap12(), controls));
        context.addFilterDef(faults);
        FilterMap mapping = new FilterMap();
        mapping.setFilterName("faults");
        mapping.addURLPattern("/*");
        context.addFilterMap(mapping);
        return t;
    }

    /**
     * Embedded Tomcat records the first base directory in the JVM-wide catalina.home/catalina.base
     * properties and every later Tomcat start recreates it; unset them when they name one we deleted.
     */
    private static void forgetTomcatDirectory(Path deleted) {
        for (String property : new String[] {"catalina.home", "catalina.base"}) {
            String value = System.getProperty(property);
            if (value != null && Path.of(value).toAbsolutePath().equals(deleted.toAbsolutePath())) {
                System.clearProperty(property);
            }
        }
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            log.warn("could not delete Tomcat base directory {}", root, e);
        }
    }
}
