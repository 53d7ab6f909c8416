package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NarrowedWsdl;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * Two real stock-quote providers behind one virtual port, one registered from a WSDL that lacks
 * {@code buy}: each call goes only to an instance whose WSDL has its operation, and a call no
 * instance implements is answered {@code OperationNotOffered} without reaching any provider.
 */
class OperationsPerInstanceTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("full", "quotes-only");

    private SampleProvider full;
    private SampleProvider quotesOnly;
    private NarrowedWsdl withoutBuy;
    private Registration fullRegistration;

    @BeforeEach
    void fullProviderAndOneRegisteredWithoutBuyRoundRobin() throws Exception {
        full = domain.provider("full");
        quotesOnly = domain.provider("quotes-only");
        withoutBuy = NarrowedWsdl.of(quotesOnly, "buy");
        fullRegistration = Registrations.register(domain.node().home(), full);
        Registration registered = withoutBuy.register(domain.node().home());
        assertThat(registered.getVirtualPort()).isEqualTo(fullRegistration.getVirtualPort()).isEqualTo(PORT);
        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"round-robin\"/>"
                + "</defaults></policy>");
    }

    @AfterEach
    void stopServingTheNarrowedWsdl() {
        withoutBuy.close();
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void sendsACallOnlyToInstancesWhoseWsdlHasItsOperation(VirtualPortEntry entry) {
        URI port = entry.address(domain.node(), PORT);
        long quotesOnlyBefore = quotesOnly.callsReceived();
        List<String> buysServedBy = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            SoapReply reply = StockQuoteCalls.buy(port, "ACME", 10, null);
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            buysServedBy.add(reply.firstText(StockQuoteCalls.NS, "provider").orElseThrow());
        }
        assertThat(buysServedBy).containsOnly("full");
        assertThat(quotesOnly.callsReceived()).isEqualTo(quotesOnlyBefore);

        List<String> quotesServedBy = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            quotesServedBy.add(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port, "ACME")));
        }
        assertThat(quotesServedBy).contains("full", "quotes-only");
    }

    @Test
    void getServiceInfoTellsTheOperationsOfThePortAndWhichOfThemEachInstanceImplements() throws Exception {
        GetServiceInfoResponse info = domain.node().home().getServiceInfo(new GetServiceInfo());

        assertThat(info.getVirtualPort()).singleElement().satisfies(port ->
                assertThat(port.getOperation()).containsExactly("buy", "getQuote", "monitorStocks"));
        InstanceInfo fullInfo = instanceNamed(info, "full");
        assertThat(fullInfo.isAllOperations()).isTrue();
        assertThat(fullInfo.getOperation()).isEmpty();
        InstanceInfo quotesOnlyInfo = instanceNamed(info, "quotes-only");
        assertThat(quotesOnlyInfo.isAllOperations()).isFalse();
        assertThat(quotesOnlyInfo.getOperation()).containsExactly("getQuote", "monitorStocks");
    }

    private static InstanceInfo instanceNamed(GetServiceInfoResponse info, String name) {
        return info.getInstance().stream().filter(i -> name.equals(i.getName())).findFirst().orElseThrow();
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void answersOperationNotOfferedWhenNoInstanceImplementsTheCalledOperation(VirtualPortEntry entry) throws Exception {
        Unregister unregister = new Unregister();
        unregister.setInstanceId(fullRegistration.getInstanceId());
        domain.node().home().unregister(unregister);
        long quotesOnlyBefore = quotesOnly.callsReceived();

        SoapReply reply = StockQuoteCalls.buy(entry.address(domain.node(), PORT), "ACME", 10, null);

        assertThat(reply.isSoapFault()).as(reply.text()).isTrue();
        assertThat(reply.faultCode()).contains("OperationNotOffered");
        assertThat(reply.firstText("", "faultstring").orElseThrow()).contains(PORT).contains("buy");
        assertThat(quotesOnly.callsReceived()).isEqualTo(quotesOnlyBefore);
        assertThat(StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(entry.address(domain.node(), PORT), "ACME")))
                .isEqualTo("quotes-only");
    }
}
