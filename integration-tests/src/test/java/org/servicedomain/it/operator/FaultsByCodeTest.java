package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.FaultCount;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** getServiceInfo shows, per virtual port, the requests the node refused or failed, by fault code. */
class FaultsByCodeTest {

    static final String CUSTOMERS_ONLY = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <userLevel name="customer"/>
              </serviceLevels>
              <package name="quotes" userLevels="customer">
                <grant virtualPort="StockQuotePortType"/>
              </package>
            </policy>
            """;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @Test
    void serviceInfoCountsTheNodesOwnFaultsPerPortByCode() throws Exception {
        Registration quoteA = domain.registerAll().get(0);
        domain.setup().user("joe", "joe-pw", "customer");
        domain.setup().policy(CUSTOMERS_ONLY);
        String joe = domain.setup().login("joe", "joe-pw");
        var port = domain.node().virtualPortAddress("StockQuotePortType");

        SoapReply anonymous = StockQuoteCalls.getQuote(port, "ACME");
        StockQuoteCalls.getQuote(port, "ACME");
        assertThat(StockQuoteCalls.getQuote(port, "ACME", joe).status()).isEqualTo(200);
        SetServiceInfo standby = new SetServiceInfo();
        standby.setInstanceId(quoteA.getInstanceId());
        standby.setState(InstanceState.STANDBY);
        domain.node().home().setServiceInfo(standby);
        SoapReply noInstance = StockQuoteCalls.getQuote(port, "ACME", joe);

        String refusedCode = anonymous.faultCode().orElseThrow();
        String noInstanceCode = noInstance.faultCode().orElseThrow();
        assertThat(refusedCode).isNotEqualTo(noInstanceCode);
        VirtualPortInfo info = domain.node().home().getServiceInfo(new GetServiceInfo()).getVirtualPort().get(0);
        Map<String, Long> faults = info.getFault().stream().collect(Collectors.toMap(FaultCount::getCode, FaultCount::getRequests));
        assertThat(faults).containsExactlyInAnyOrderEntriesOf(Map.of(refusedCode, 2L, noInstanceCode, 1L));
        assertThat(info.getProviderFaults()).isZero();
    }
}
