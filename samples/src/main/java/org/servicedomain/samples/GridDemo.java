package org.servicedomain.samples;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import org.servicedomain.client.HomeClient;
import org.servicedomain.home.v1.Attribute;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetUser;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;

/**
 * The financial-grid demo topology as the service-domain model runs it (docs/hierarchy.md): nodes UF
 * (top), UBC and UPM below it, WFS below UBC, already running. UBC's domain offers five services
 * (stock quotes and online trading from Bob's Online Trading through WFS, personal loans, investment
 * banking, commodity trading), UPM's the two a trial user gets (stock quotes and online trading from
 * John's Online Trading). This starts the providers, registers them, sets the sample policies and
 * registers each child node with its parent, UBC and UPM under the supplier levels of the same names,
 * which UF's policy maps its platinum and trial users to.
 */
public final class GridDemo implements AutoCloseable {

    /** The nodes, each with its parent (null for the top), in the order they are attached. */
    public static final List<String[]> NODES = List.of(
            new String[] {"UF", null}, new String[] {"UBC", "UF"}, new String[] {"UPM", "UF"}, new String[] {"WFS", "UBC"});

    /** The supplier level each child domain is registered under with UF (none for WFS under UBC). */
    public static final Map<String, String> CHILD_LEVELS = Map.of("UBC", "UBC", "UPM", "UPM");

    /** The demo's users at UF and their user levels; each one's password is {@link #demoPassword}. */
    public static final Map<String, String> USERS = Map.of("pat", "platinum", "tom", "trial");

    /** One provider and the node it registers with. */
    public record Placement(String node, ProviderOptions provider) {
    }

    private final Map<String, URI> nodes;
    private final Map<String, String> secrets;
    private final int basePort;
    private final List<SampleProvider> providers = new ArrayList<>();

    /**
     * @param nodes the base address of each node by name (UF, UBC, UPM, WFS)
     * @param secrets the parent secret each child node was started with, by name (absent: none)
     */
    public GridDemo(Map<String, URI> nodes, Map<String, String> secrets, int basePort) {
        for (String[] node : NODES) {
            if (!nodes.containsKey(node[0])) {
                throw new IllegalArgumentException("the grid needs the address of node " + node[0]);
            }
        }
        this.nodes = Map.copyOf(nodes);
        this.secrets = Map.copyOf(secrets);
        this.basePort = basePort;
    }

    /** The grid's providers and where each registers; ports from {@code basePort} (0: ephemeral). */
    public static List<Placement> topology(int basePort) {
        List<Placement> placements = new ArrayList<>();
        place(placements, basePort, "WFS", SampleService.STOCKQUOTE, "BOT");
        place(placements, basePort, "WFS", SampleService.ONLINE_TRADING, "BOT");
        place(placements, basePort, "UPM", SampleService.STOCKQUOTE, "JOT");
        place(placements, basePort, "UPM", SampleService.ONLINE_TRADING, "JOT");
        place(placements, basePort, "UBC", SampleService.PERSONAL_LOANS, "UBC-loans");
        place(placements, basePort, "UBC", SampleService.INVESTMENT_BANKING, "UBC-investments");
        place(placements, basePort, "UBC", SampleService.COMMODITY_TRADING, "UBC-commodities");
        return List.copyOf(placements);
    }

    private static void place(List<Placement> placements, int basePort, String node, SampleService service, String name) {
        int port = basePort == 0 ? 0 : basePort + placements.size();
        placements.add(new Placement(node, ProviderOptions.builder(service, name).port(port).build()));
    }

    /** Waits for every node, starts and registers the providers, sets the policies, attaches the children. */
    public synchronized void start(Duration nodeWait) throws InterruptedException, TimeoutException, HomeFault {
        for (URI node : nodes.values()) {
            new Demo(node, 0).awaitNode(nodeWait);
        }
        try {
            for (Placement placement : topology(basePort)) {
                SampleProvider provider = SampleProvider.launch(placement.provider());
                providers.add(provider);
                Register register = new Register();
                register.setWsdlLocation(provider.wsdlAddress().toString());
                register.getAttribute().add(attribute("name", provider.name()));
                home(placement.node()).register(register);
            }
            for (String[] node : NODES) {
                setPolicy(node[0], node[1] == null ? "grid-top.xml" : "grid-child-percolate.xml");
            }
            for (int i = NODES.size() - 1; i > 0; i--) {
                attach(NODES.get(i)[0], NODES.get(i)[1]);
            }
            for (Map.Entry<String, String> user : USERS.entrySet()) {
                SetUser request = new SetUser();
                request.setUser(user.getKey());
                request.setPassword(demoPassword(user.getKey()));
                request.setUserLevel(user.getValue());
                home("UF").setUser(request);
            }
        } catch (RuntimeException | HomeFault e) {
            close();
            throw e;
        }
    }

    /** The password of demo user {@code user}: a demo's, known to everyone who reads this. */
    public static String demoPassword(String user) {
        return user + "-demo";
    }

    private void attach(String child, String parent) throws HomeFault {
        Register register = new Register();
        register.setWsdlLocation(nodes.get(child) + HomeClient.HOME_PATH);
        register.setOriginType("sd-node");
        register.setNodeSecret(secrets.get(child));
        register.getAttribute().add(attribute("name", child));
        if (CHILD_LEVELS.containsKey(child)) {
            register.getSupplierLevel().add(CHILD_LEVELS.get(child));
        }
        home(parent).register(register);
    }

    private void setPolicy(String node, String resource) throws HomeFault {
        SetPolicy request = new SetPolicy();
        request.setDocument(policy(resource));
        home(node).setPolicy(request);
    }

    private static String policy(String resource) {
        try (InputStream in = GridDemo.class.getResourceAsStream("/policies/" + resource)) {
            if (in == null) {
                throw new IllegalStateException("sample policy " + resource + " is missing from the classpath");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private HomePortType home(String node) {
        return HomeClient.connect(nodes.get(node));
    }

    private static Attribute attribute(String name, String value) {
        Attribute a = new Attribute();
        a.setName(name);
        a.setValue(value);
        return a;
    }

    /** The providers started so far. */
    public synchronized List<SampleProvider> providers() {
        return List.copyOf(providers);
    }

    @Override
    public synchronized void close() {
        providers.forEach(SampleProvider::stop);
        providers.clear();
    }
}
