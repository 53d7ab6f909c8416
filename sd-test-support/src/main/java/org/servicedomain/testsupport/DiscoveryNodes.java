package org.servicedomain.testsupport;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import javax.xml.namespace.QName;
import org.apache.cxf.jaxws.JaxWsProxyFactoryBean;
import org.servicedomain.client.discovery.DiscoveryProbe;
import org.servicedomain.client.discovery.WsDiscoveryVersion;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.samples.stockquote.StockQuotePortType;

/**
 * The set-up WS-Discovery tests share: stock-quote providers, nodes that serve them (each over a
 * directory of its own, the providers registered through its home port), probes on the
 * {@link LoopbackDiscovery} fixture's group or to one node's proxy, and a plain port for a
 * discovering client to steer. Closing it closes the nodes, then the providers.
 */
public final class DiscoveryNodes implements AutoCloseable {

    /** The port type of the sample stock-quote providers. */
    public static final QName QUOTE = new QName(StockQuotePortType.NAMESPACE, "StockQuotePortType");

    private final LoopbackDiscovery discovery = LoopbackDiscovery.onFreePort();
    private final ProviderFleet providers;
    private final List<RunningNode> nodes = new ArrayList<>();

    private DiscoveryNodes(ProviderFleet providers) {
        this.providers = providers;
    }

    /** Starts stock-quote providers named {@code names} on a discovery fixture of its own port. */
    public static DiscoveryNodes withStockQuotes(String... names) {
        return new DiscoveryNodes(ProviderFleet.stockQuotes(names));
    }

    public LoopbackDiscovery discovery() {
        return discovery;
    }

    public ProviderFleet providers() {
        return providers;
    }

    /** Starts a node over {@code dir} and registers the providers named {@code providerNames} with it. */
    public RunningNode node(Path dir, String... providerNames) throws HomeFault {
        RunningNode node = RunningNode.start(dir);
        nodes.add(node);
        DomainSetup setup = new DomainSetup(node.home());
        for (String name : providerNames) {
            setup.provider(providers.named(name), null);
        }
        return node;
    }

    /** A probe multicast on the fixture's group that gathers answers for {@code wait}. */
    public DiscoveryProbe multicastProbe(Duration wait, WsDiscoveryVersion version) {
        return new DiscoveryProbe(discovery.network(), List.of(), wait, version);
    }

    /** A probe that asks only {@code node}'s managed proxy, over HTTP. */
    public static DiscoveryProbe proxyProbe(RunningNode node, Duration wait, WsDiscoveryVersion version) {
        return new DiscoveryProbe(null, List.of(LoopbackDiscovery.proxyOf(node.baseUri())), wait, version);
    }

    /** {@code http://127.0.0.1:PORT/sd/services/ports/NAME}: virtual port {@code name} as {@code node}'s discovery names it. */
    public static String announcedPort(RunningNode node, String name) {
        return "http://127.0.0.1:" + node.virtualPortAddress(name).getPort() + "/sd/services/ports/" + name;
    }

    /** A plain stock-quote port at an address where nothing listens, for a discovering client to steer. */
    public static StockQuotePortType undiscoveredQuotePort() {
        JaxWsProxyFactoryBean factory = new JaxWsProxyFactoryBean();
        factory.setServiceClass(StockQuotePortType.class);
        factory.setAddress("http://127.0.0.1:9/not-yet-discovered");
        return (StockQuotePortType) factory.create();
    }

    @Override
    public void close() {
        nodes.forEach(RunningNode::close);
        providers.close();
    }
}
