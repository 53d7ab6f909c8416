package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.Register;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.node.network.HostResolver;
import org.servicedomain.node.network.Networks;
import org.servicedomain.node.network.ProviderNetworks;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * A provider's host is checked against the node's networks when the node connects to it, not only when it
 * registers: a name that resolved into a permitted network at registration and into a denied one later (DNS
 * rebinding) is not connected, and neither is an address filed before the operator denied its network.
 * The providers listen on every loopback address; the node may reach 127.0.0.2 and no other loopback address,
 * so 127.0.0.1 stands for the node's internal network.
 */
class DnsRebindingTest {

    /** The name a provider registers under; this test's resolver answers for it with {@link #reboundTo}. */
    private static final String NAME = "rebound.provider.test";
    private static final String PERMITTED = "127.0.0.2";
    private static final String DENIED = "127.0.0.1";
    private static final ProviderNetworks ONLY_PERMITTED_LOOPBACK =
            new ProviderNetworks(Networks.parse(PERMITTED), Networks.LOOPBACK.and(Networks.LINK_LOCAL));

    private final AtomicReference<InetAddress> reboundTo = new AtomicReference<>(Networks.literal(PERMITTED));

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("rebound", "steady")
            .configured(c -> c.providerNetworks(ONLY_PERMITTED_LOOPBACK).hostResolver(
                    host -> host.equals(NAME) ? new InetAddress[] {reboundTo.get()} : HostResolver.SYSTEM.resolve(host)));

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aProviderWhoseNameRebindsIntoADeniedNetworkIsNotConnectedAndTheCallFailsOverToTheNextInstance(VirtualPortEntry entry)
            throws HomeFault {
        SampleProvider rebound = register("rebound", NAME);
        SampleProvider steady = register("steady", PERMITTED);
        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/>"
                + "<recovery retries=\"1\" timeoutMs=\"5000\"/></defaults></policy>");

        reboundTo.set(Networks.literal(DENIED));
        List<String> servedBy = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(entry.address(domain.node(), "StockQuotePortType"), "ACME");
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            servedBy.add(StockQuoteCalls.servedBy(reply));
        }

        assertThat(servedBy).containsOnly("steady");
        assertThat(rebound.requestsReceived()).isZero();
        assertThat(steady.callsReceived()).isEqualTo(3);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aCallWhoseOnlyProviderRebindsIntoADeniedNetworkIsRefusedNamingTheHostAndTheProviderReceivesNothing(
            VirtualPortEntry entry) throws HomeFault {
        SampleProvider rebound = register("rebound", NAME);

        reboundTo.set(Networks.literal(DENIED));
        SoapReply reply = StockQuoteCalls.getQuote(entry.address(domain.node(), "StockQuotePortType"), "ACME");

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(reply.firstText("", "faultstring").orElseThrow())
                .contains(NAME).contains("networks the node does not reach");
        assertThat(rebound.requestsReceived()).isZero();
    }

    @Test
    void anAddressFiledBeforeTheOperatorDeniedItsNetworkIsNotConnectedAfterARestartThoughItNeedsNoLookup()
            throws HomeFault {
        SampleProvider steady = register("steady", PERMITTED);
        domain.node().stop();

        try (RunningNode stricter = RunningNode.start(NodeConfig.builder(domain.dataDir())
                .providerNetworks(ProviderNetworks.defaultFor(false)).build())) {
            SoapReply reply = StockQuoteCalls.getQuote(VirtualPortEntry.RELAY.address(stricter, "StockQuotePortType"), "ACME");

            assertThat(reply.faultCode()).contains("NoInstanceAvailable");
            assertThat(reply.firstText("", "faultstring").orElseThrow())
                    .contains(PERMITTED).contains("networks the node does not reach");
        }
        assertThat(steady.requestsReceived()).isZero();
    }

    /** Registers the fleet's provider {@code name} with its WSDL and endpoint at {@code host}; returns the provider. */
    private SampleProvider register(String name, String host) throws HomeFault {
        SampleProvider provider = domain.provider(name);
        String endpoint = "http://" + host + ":" + provider.port() + provider.address().getPath();
        Register request = new Register();
        request.setWsdlLocation(endpoint + "?wsdl");
        request.setEndpointAddress(endpoint);
        request.getAttribute().add(Registrations.attribute("name", name));
        domain.node().home().register(request);
        return provider;
    }
}
