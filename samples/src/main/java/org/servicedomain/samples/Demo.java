package org.servicedomain.samples;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.servicedomain.client.HomeClient;
import org.servicedomain.client.discovery.Announcer;
import org.servicedomain.client.discovery.DiscoveryNetwork;
import org.servicedomain.home.v1.GetDomainInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SetDomainInfo;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.samples.blast.BlastDatabases;
import org.servicedomain.samples.provider.ProviderAnnouncement;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The demo topology: three stock-quote providers, one credit check and one BLAST provider on
 * consecutive ports, registered with a node through its home port once the node answers.
 */
public final class Demo implements AutoCloseable {

    /** How long the demo waits for the node's home port to answer. */
    public static final Duration NODE_WAIT = Duration.ofSeconds(60);

    private static final Logger log = LoggerFactory.getLogger(Demo.class);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(500);

    private final URI node;
    private final int basePort;
    private final String host;
    private final List<SampleProvider> providers = new ArrayList<>();
    private final List<Announcer> announcers = new ArrayList<>();

    /** The policy the demo sets to take announced providers: any Hello from this machine, no supplier level. */
    public static final String ADMIT_LOOPBACK_POLICY = "<policy xmlns=\"urn:sd:policy:1\"><discovery>"
            + "<admit networks=\"127.0.0.0/8\"/></discovery></policy>";

    /** A demo for the node at {@code node} ({@code http://host:port/sd}); base port 0 makes every port ephemeral. */
    public Demo(URI node, int basePort) {
        this(node, basePort, null);
    }

    /** As {@link #Demo(URI, int)}, the providers listening on {@code host} only (null: every interface). */
    public Demo(URI node, int basePort, String host) {
        this.node = node;
        this.basePort = basePort;
        this.host = host;
    }

    /** The demo's providers, in start order, on {@code basePort}, {@code basePort + 1}, ... */
    public static List<ProviderOptions> topology(int basePort) {
        return topology(basePort, null);
    }

    /** As {@link #topology(int)}, every provider listening on {@code host} (null: every interface). */
    public static List<ProviderOptions> topology(int basePort, String host) {
        List<ProviderOptions> topology = new ArrayList<>();
        for (String name : List.of("quote-a", "quote-b", "quote-c")) {
            topology.add(ProviderOptions.builder(SampleService.STOCKQUOTE, name).port(port(basePort, topology.size()))
                    .host(host).build());
        }
        topology.add(ProviderOptions.builder(SampleService.CREDITCHECK, "credit-a").port(port(basePort, topology.size()))
                .host(host).build());
        topology.add(ProviderOptions.builder(SampleService.BLAST, "blast-a").port(port(basePort, topology.size()))
                .databases(BlastDatabases.ALL).host(host).build());
        return List.copyOf(topology);
    }

    /** Starts every provider of the topology; on failure the ones already started are stopped. */
    public synchronized List<SampleProvider> startProviders() {
        try {
            for (ProviderOptions options : topology(basePort, host)) {
                providers.add(SampleProvider.launch(options));
            }
        } catch (RuntimeException e) {
            close();
            throw e;
        }
        return List.copyOf(providers);
    }

    /** The URL polled to see whether the node is up: its home port's WSDL. */
    public URI homeWsdl() {
        String base = node.toString().endsWith("/") ? node.toString().substring(0, node.toString().length() - 1)
                : node.toString();
        return URI.create(base + HomeClient.HOME_PATH + "?wsdl");
    }

    /** Polls {@link #homeWsdl()} until it answers 200. */
    public void awaitNode(Duration timeout) throws InterruptedException, TimeoutException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(homeWsdl()).timeout(Duration.ofSeconds(5)).GET().build();
        long deadline = System.nanoTime() + timeout.toNanos();
        String lastProblem = "no attempt";
        while (System.nanoTime() < deadline) {
            try {
                int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status == 200) {
                    return;
                }
                lastProblem = "HTTP " + status;
            } catch (IOException e) {
                lastProblem = e.toString();
                log.debug("node not answering yet at {}", request.uri(), e);
            }
            Thread.sleep(POLL_INTERVAL.toMillis());
        }
        throw new TimeoutException("node home port " + homeWsdl() + " did not answer within "
                + timeout.toSeconds() + " s (last: " + lastProblem + ")");
    }

    /**
     * The demo registers its providers anonymously, which a node allows only while it has no
     * administrator: on a data directory where one was created, the node refuses. This says what that
     * means for a re-run and what to do; the demo keeps its providers serving.
     */
    public static final class NodeHasAdministrator extends RuntimeException {

        private static final long serialVersionUID = 1L;

        NodeHasAdministrator(URI node) {
            super("The node at " + node + " already has an administrator, so the demo did not register its providers"
                    + " again (the node refuses anonymous registrations: NotAuthorized). The providers serve at the"
                    + " addresses an earlier run registered, so those instances work again. To register them afresh,"
                    + " sign in as the administrator (the console's Instances page, or sdctl instances register WSDL),"
                    + " or start over on an empty data directory (DATA_DIR).");
        }
    }

    /**
     * Registers every started provider by its WSDL address; provider name to the node's registrations.
     *
     * @throws NodeHasAdministrator when the node refuses anonymous registrations
     */
    public synchronized Map<String, List<Registration>> registerAll() throws HomeFault {
        HomePortType home = HomeClient.connect(node);
        Map<String, List<Registration>> registrations = new LinkedHashMap<>();
        for (SampleProvider provider : providers) {
            Register register = new Register();
            register.setWsdlLocation(provider.wsdlAddress().toString());
            try {
                registrations.put(provider.name(), List.copyOf(home.register(register).getRegistration()));
            } catch (HomeFault e) {
                if (e.getFaultInfo() != null && "NotAuthorized".equals(e.getFaultInfo().getCode())) {
                    throw new NodeHasAdministrator(node);
                }
                throw e;
            }
        }
        describeDomain(home);
        return registrations;
    }

    /** What the demo says about its domain (home port {@code setDomainInfo}), set unless an administrator described it already. */
    public static final String DOMAIN_DESCRIPTION = "The service-domain demo: stock quotes from three providers, a credit check"
            + " and a BLAST sequence search, each behind one virtual port of this node.";

    /** Sets {@link #DOMAIN_DESCRIPTION} on a node whose domain nobody described yet, so a re-run keeps an administrator's text. */
    private static void describeDomain(HomePortType home) throws HomeFault {
        if (home.getDomainInfo(new GetDomainInfo()).getDomain().getDescription() != null) {
            return;
        }
        SetDomainInfo describe = new SetDomainInfo();
        describe.setDescription(DOMAIN_DESCRIPTION);
        describe.setOwner("the sd-demo script");
        home.setDomainInfo(describe);
    }

    /**
     * Instead of {@link #registerAll()}: sets {@link #ADMIT_LOOPBACK_POLICY} and has every started
     * provider announce itself with a WS-Discovery Hello to the node's discovery proxy (the node must
     * run {@code --discovery managed}) and by multicast on the loopback interface; Bye on close.
     */
    public synchronized List<Announcer> announceAll(int discoveryPort) throws HomeFault, IOException {
        SetPolicy policy = new SetPolicy();
        policy.setDocument(ADMIT_LOOPBACK_POLICY);
        HomeClient.connect(node).setPolicy(policy);
        String base = node.toString().endsWith("/") ? node.toString().substring(0, node.toString().length() - 1)
                : node.toString();
        ProviderAnnouncement announcement = new ProviderAnnouncement(DiscoveryNetwork.on("lo", discoveryPort),
                URI.create(base + "/services/discovery"), List.of());
        for (SampleProvider provider : providers) {
            announcers.add(announcement.announce(provider));
        }
        return List.copyOf(announcers);
    }

    /** Says Bye for every announced provider, then stops every provider. */
    @Override
    public synchronized void close() {
        announcers.forEach(Announcer::close);
        announcers.clear();
        providers.forEach(SampleProvider::stop);
        providers.clear();
    }

    private static int port(int basePort, int index) {
        return basePort == 0 ? 0 : basePort + index;
    }
}
