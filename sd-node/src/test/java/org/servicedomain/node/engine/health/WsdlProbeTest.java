package org.servicedomain.node.engine.health;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.Instance;
import org.servicedomain.node.core.InstanceState;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.PermittedAddresses;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.node.outbound.Outbound;
import org.servicedomain.node.outbound.TestOutbound;

/** A health probe goes to an instance's endpoint only where the node may reach providers, checked when it connects. */
class WsdlProbeTest {

    /** provider.test resolves to loopback, where the provider listens. */
    private static final HostResolver NAMES = host -> host.equals("provider.test")
            ? new InetAddress[] {InetAddress.getLoopbackAddress()} : HostResolver.SYSTEM.resolve(host);

    private final AtomicInteger requests = new AtomicInteger();
    private HttpServer provider;
    private Outbound outbound;

    @BeforeEach
    void aProviderServingItsWsdl() throws IOException {
        provider = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        provider.createContext("/stockquote", exchange -> {
            requests.incrementAndGet();
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        provider.start();
    }

    @AfterEach
    void stop() {
        if (outbound != null) {
            outbound.close();
        }
        provider.stop(0);
    }

    @Test
    void aProbeOfAnEndpointInAPermittedNetworkReachesIt() {
        assertThat(probe(ProviderNetworks.defaultFor(true)).passes(instance())).isTrue();
        assertThat(requests.get()).isEqualTo(1);
    }

    @Test
    void aProbeOfAnEndpointWhoseHostResolvesIntoADeniedNetworkFailsWithoutReachingIt() {
        assertThat(probe(ProviderNetworks.defaultFor(false)).passes(instance())).isFalse();
        assertThat(requests.get()).isZero();
    }

    private WsdlProbe probe(ProviderNetworks networks) {
        outbound = TestOutbound.open(new PermittedAddresses(networks, NAMES));
        return new WsdlProbe(outbound.calls(Outbound.Reach.PROVIDERS, "test"), Duration.ofSeconds(5), 1 << 20, "test");
    }

    private Instance instance() {
        Instance any = TestInstances.instance("quote");
        return new Instance(any.id(), any.virtualPort(), any.portType(),
                "http://provider.test:" + provider.getAddress().getPort() + "/stockquote", any.wsdlLocation(), null, null,
                null, Map.of(), InstanceState.OPERATIONAL);
    }
}
