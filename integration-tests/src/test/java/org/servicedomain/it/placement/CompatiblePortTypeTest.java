package org.servicedomain.it.placement;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.samples.otherquotes.OtherQuotesEndpoint;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.GeneratedClient;
import org.servicedomain.testsupport.NarrowedWsdl;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.OtherQuotesCalls;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * A real stock-quote provider and a real other-quotes provider (the same service in another
 * namespace, with getDividend on top and without monitorStocks) behind one virtual port, the second
 * placed there by the policy: calls reach both, each in its own namespaces, and callers see only the port's.
 */
class CompatiblePortTypeTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("stock-a");

    private SampleProvider stockA;
    private SampleProvider otherB;

    private Registration registerBoth(boolean policyFirst) throws HomeFault {
        stockA = domain.provider("stock-a");
        otherB = domain.providers().start(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-b"));
        domain.setup().provider(stockA, null);
        if (policyFirst) {
            domain.setup().policy(OtherQuotesCalls.placementPolicy());
        }
        Registration other = domain.setup().provider(otherB, null);
        if (!policyFirst) {
            domain.setup().policy(OtherQuotesCalls.placementPolicy());
        }
        return other;
    }

    @Test
    void placesACompatiblePortTypeIntoTheVirtualPort() throws Exception {
        Registration other = registerBoth(true);

        assertThat(other.getVirtualPort()).isEqualTo(PORT);
        assertThat(domain.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort())
                .extracting(p -> p.getName()).containsExactly(PORT);
    }

    @Test
    void instancesRegisteredBeforeThePlacementMoveInAndTheirOwnPortGoes() throws Exception {
        Registration other = registerBoth(false);
        assertThat(other.getVirtualPort()).isEqualTo("OtherQuotesPortType");

        var info = domain.node().home().getServiceInfo(new GetServiceInfo());

        assertThat(info.getVirtualPort()).extracting(p -> p.getName()).containsExactly(PORT);
        assertThat(info.getInstance()).filteredOn(i -> i.getInstanceId().equals(other.getInstanceId()))
                .singleElement().satisfies(i -> assertThat(i.getVirtualPort()).isEqualTo(PORT));
        assertThat(StockQuoteCalls.getQuote(domain.node().servletPortAddress("OtherQuotesPortType"), "ACME").faultCode())
                .contains("UnknownVirtualPort");
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(domain.node().servletPortAddress(PORT), "ACME")))
                .isIn("stock-a", "other-b");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aPlacedInstanceServesCallsInItsNamespaceAndTheCallerGetsThePortsNamespaceBack(VirtualPortEntry entry)
            throws Exception {
        registerBoth(true);
        URI port = entry.address(domain.node(), PORT);
        long otherBefore = otherB.callsReceived();

        Set<String> servedBy = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(port, "ACME");
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            servedBy.add(StockQuoteCalls.servedBy(reply));
            assertThat(reply.text()).doesNotContain(OtherQuotesCalls.NS);
        }

        assertThat(servedBy).containsExactlyInAnyOrder("stock-a", "other-b");
        assertThat(otherB.callsReceived()).isGreaterThan(otherBefore);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void failsOverFromAnInstanceOfThePortsOwnPortTypeToAPlacedOne(VirtualPortEntry entry) throws Exception {
        registerBoth(true);
        URI port = entry.address(domain.node(), PORT);
        stockA.stop();

        assertThat(quotesServedBy(port, 3)).containsExactly("other-b");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void failsOverFromAPlacedInstanceToOneOfThePortsOwnPortType(VirtualPortEntry entry) throws Exception {
        registerBoth(true);
        URI port = entry.address(domain.node(), PORT);
        otherB.stop();

        assertThat(quotesServedBy(port, 3)).containsExactly("stock-a");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aFaultOfAPlacedInstanceComesBackInThePortsNamespaces(VirtualPortEntry entry) throws Exception {
        registerBoth(true);
        stockA.stop();

        SoapReply reply = StockQuoteCalls.getQuote(entry.address(domain.node(), PORT), OtherQuotesCalls.UNLISTED);

        assertThat(reply.isSoapFault()).as(reply.text()).isTrue();
        assertThat(reply.firstText(StockQuoteCalls.NS, "provider")).contains("other-b");
        assertThat(reply.text()).doesNotContain(OtherQuotesCalls.NS);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void anOperationOnlyThePlacedPortTypeHasIsOfferedAndGoesOnlyToItsInstances(VirtualPortEntry entry) throws Exception {
        registerBoth(true);
        URI port = entry.address(domain.node(), PORT);
        long stockBefore = stockA.callsReceived();

        for (int i = 0; i < 3; i++) {
            SoapReply reply = OtherQuotesCalls.getDividend(port, "ACME");
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            assertThat(reply.firstText(OtherQuotesCalls.NS, "provider")).contains("other-b");
        }
        assertThat(stockA.callsReceived()).isEqualTo(stockBefore);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void anOperationThePlacedPortTypeLacksGoesOnlyToThePortsOwnInstancesAndIsNotOfferedWithoutThem(
            VirtualPortEntry entry) throws Exception {
        Registration other = registerBoth(true);
        URI port = entry.address(domain.node(), PORT);
        long otherBefore = otherB.callsReceived();

        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.providersIn(StockQuoteCalls.monitorStocks(port, "ACME"))).containsOnly("stock-a");
        }
        assertThat(otherB.callsReceived()).isEqualTo(otherBefore);

        unregister(domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .filter(i -> !i.getInstanceId().equals(other.getInstanceId())).findFirst().orElseThrow().getInstanceId());

        assertThat(StockQuoteCalls.monitorStocks(port, "ACME").faultCode()).contains("OperationNotOffered");
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port, "ACME"))).isEqualTo("other-b");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void anOperationOnlyThePlacedPortTypeHasStaysInThePortWithoutInstancesAndAnswersOperationNotOffered(
            VirtualPortEntry entry) throws Exception {
        Registration other = registerBoth(true);
        URI port = entry.address(domain.node(), PORT);
        unregister(other.getInstanceId());
        long stockBefore = stockA.callsReceived();

        SoapReply reply = OtherQuotesCalls.getDividend(port, "ACME");

        assertThat(reply.faultCode()).as(reply.text()).contains("OperationNotOffered");
        assertThat(reply.text()).contains(PORT).contains("getDividend");
        assertThat(stockA.callsReceived()).isEqualTo(stockBefore);
        assertThat(SoapExchange.get(domain.node().virtualPortWsdl(PORT)).text()).contains("getDividend");
    }

    @Test
    void anOperationOnlyThePlacedPortTypeHadLeavesThePortWhenThePlacementLeavesThePolicy() throws Exception {
        Registration other = registerBoth(true);
        unregister(other.getInstanceId());

        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"/>");

        assertThat(SoapExchange.get(domain.node().virtualPortWsdl(PORT)).text()).doesNotContain("getDividend");
        assertThat(OtherQuotesCalls.getDividend(domain.node().servletPortAddress(PORT), "ACME").faultCode())
                .contains("BadRequest");
    }

    @Test
    void aPlacedInstanceLackingTheProbeOperationIsProbedByItsWsdlAndComesBack() throws Exception {
        stockA = domain.provider("stock-a");
        otherB = domain.providers().start(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-b"));
        domain.setup().provider(stockA, null);
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <namespace prefix="oq" uri="urn:sd:samples:otherquotes"/>
                  <virtualPort name="StockQuotePortType">
                    <selection directive="round-robin"/>
                    <recovery retries="1"/>
                    <health ejectAfterFailures="1" probeIntervalMs="100" maxProbeIntervalMs="400">
                      <probe operation="monitorStocks"><q:monitorStocks xmlns:q="urn:sd:samples:stockquote"><q:symbol>PROBE</q:symbol></q:monitorStocks></probe>
                    </health>
                    <compatiblePortType name="oq:OtherQuotesPortType"/>
                  </virtualPort>
                </policy>
                """);
        String otherId = domain.setup().provider(otherB, null).getInstanceId();
        URI port = domain.node().servletPortAddress(PORT);
        otherB.stop();
        await().atMost(Duration.ofSeconds(20)).until(() -> {
            assertThat(StockQuoteCalls.getQuote(port, "ACME").status()).isEqualTo(200);
            return state(otherId) == InstanceState.DOWN;
        });

        otherB.restart();

        await().atMost(Duration.ofSeconds(20)).until(() -> state(otherId) == InstanceState.OPERATIONAL);
        assertThat(quotesServedBy(port, 4)).containsExactlyInAnyOrder("stock-a", "other-b");
    }

    @Test
    void aClientGeneratedFromTheUnionWsdlCallsBothASharedOperationAndTheJoinedOne() throws Exception {
        registerBoth(true);
        URI wsdl = domain.node().virtualPortWsdl(PORT);
        assertThat(SoapExchange.get(wsdl).text()).contains("getDividend").contains(OtherQuotesCalls.NS);

        try (GeneratedClient client = GeneratedClient.fromWsdl(wsdl, Duration.ofSeconds(30))) {
            Set<Object> quotedBy = new HashSet<>();
            for (int i = 0; i < 4; i++) {
                quotedBy.add(client.invoke("getQuote", Map.of("symbol", "ACME")).get("provider"));
            }
            Map<String, Object> dividend = client.invoke("getDividend", Map.of("symbol", "ACME"));

            assertThat(quotedBy).containsExactlyInAnyOrder("stock-a", "other-b");
            assertThat(dividend.get("provider")).isEqualTo("other-b");
            assertThat(dividend.get("dividend")).isEqualTo(OtherQuotesEndpoint.dividendOf("ACME"));
        }
    }

    @Test
    void portTypesThatDifferInNamespaceOnlyServeTheSameCalls() throws Exception {
        stockA = domain.provider("stock-a");
        otherB = domain.providers().start(ProviderOptions.of(SampleService.OTHER_QUOTES, "other-b"));
        try (NarrowedWsdl stockWithoutMonitor = NarrowedWsdl.of(stockA, "monitorStocks");
                NarrowedWsdl otherWithoutDividend = NarrowedWsdl.of(otherB, "getDividend")) {
            stockWithoutMonitor.register(domain.node().home());
            domain.setup().policy(OtherQuotesCalls.placementPolicy());
            assertThat(otherWithoutDividend.register(domain.node().home()).getVirtualPort()).isEqualTo(PORT);
            URI port = domain.node().servletPortAddress(PORT);

            Set<String> bought = new HashSet<>();
            for (int i = 0; i < 4; i++) {
                SoapReply reply = StockQuoteCalls.buy(port, "ACME", 3, null);
                assertThat(reply.status()).as(reply.text()).isEqualTo(200);
                bought.add(reply.firstText(StockQuoteCalls.NS, "provider").orElseThrow());
            }
            assertThat(bought).containsExactlyInAnyOrder("stock-a", "other-b");
        }
    }

    @Test
    void refusesAPolicyPlacingAPortTypeThatSharesNoOperationWithThePort() throws Exception {
        domain.setup().provider(domain.provider("stock-a"), null);
        domain.setup().provider(domain.providers().start(ProviderOptions.of(SampleService.CREDITCHECK, "credit")), null);

        assertThatThrownBy(() -> domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"><virtualPort name=\"" + PORT
                + "\"><compatiblePortType name=\"{urn:sd:samples:creditcheck}CreditCheckPortType\"/></virtualPort></policy>"))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("InvalidPolicy"))
                .hasMessageContaining("shares none of its operations");
    }

    @Test
    void refusesTheRegistrationOfAPlacedPortTypeThatSharesNoOperationWithThePort() throws Exception {
        domain.setup().provider(domain.provider("stock-a"), null);
        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"><virtualPort name=\"" + PORT
                + "\"><compatiblePortType name=\"{urn:sd:samples:creditcheck}CreditCheckPortType\"/></virtualPort></policy>");
        SampleProvider credit = domain.providers().start(ProviderOptions.of(SampleService.CREDITCHECK, "credit"));

        assertThatThrownBy(() -> domain.setup().provider(credit, null))
                .isInstanceOfSatisfying(HomeFault.class, f -> assertThat(f.getFaultInfo().getCode()).isEqualTo("BadRequest"))
                .hasMessageContaining("shares none of its operations");
    }

    private void unregister(String instanceId) throws HomeFault {
        Unregister unregister = new Unregister();
        unregister.setInstanceId(instanceId);
        domain.node().home().unregister(unregister);
    }

    private InstanceState state(String instanceId) throws HomeFault {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .filter(i -> i.getInstanceId().equals(instanceId)).findFirst().orElseThrow().getState();
    }

    /** The providers that served {@code calls} getQuote calls on {@code port}, each call answered. */
    private static Set<String> quotesServedBy(URI port, int calls) {
        Set<String> servedBy = new HashSet<>();
        for (int i = 0; i < calls; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(port, "ACME");
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            servedBy.add(StockQuoteCalls.servedBy(reply));
        }
        return servedBy;
    }
}
