package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.net.URI;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.SessionEntry;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.home.v1.Statistics;
import org.servicedomain.home.v1.VirtualPortInfo;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The monitor's statistics per instance and virtual port, read through {@code getServiceInfo} and
 * scraped at {@code /sd/metrics}, after real traffic against providers with injected faults.
 */
class MonitorStatisticsTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    @Test
    void windowAndTotalShowTheRequestsAndResponseTimesOfADelayedProvider() throws Exception {
        SampleProvider slow = domain.provider("quote-a");
        String id = domain.setup().provider(slow, null).getInstanceId();
        slow.setDelayMs(200);
        for (int i = 0; i < 20; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }

        GetServiceInfoResponse info = serviceInfo();
        Statistics window = instance(info, id).getWindow();
        assertThat(window.getPeriodSeconds()).isEqualTo(60);
        assertThat(window.getRequests()).isEqualTo(20);
        assertThat(window.getP50Ms()).as("within an eighth of the provider's delay or more").isGreaterThanOrEqualTo(175);
        assertThat(window.getP95Ms()).isGreaterThanOrEqualTo(window.getP50Ms());
        assertThat(window.getP99Ms()).isGreaterThanOrEqualTo(window.getP95Ms()).isLessThanOrEqualTo(window.getMaxMs());
        assertThat(window.getMeanMs()).isGreaterThanOrEqualTo(200);
        assertThat(instance(info, id).getTotal().getRequests()).isEqualTo(20);
        assertThat(instance(info, id).getInFlight()).isZero();

        VirtualPortInfo port = info.getVirtualPort().get(0);
        assertThat(port.getWindow().getRequests()).isEqualTo(20);
        assertThat(port.getWindow().getP95Ms()).isGreaterThanOrEqualTo(175);
        assertThat(port.getTotal().getRequests()).isEqualTo(20);
        assertThat(port.getWindow().getNoInstance()).isZero();
        assertThat(port.getInFlight()).isZero();
    }

    @Test
    void failuresAreCountedByKindForTheInstanceAndItsPortAndScrapedAsPrometheusText() throws Exception {
        SampleProvider provider = domain.provider("quote-a");
        String id = domain.setup().provider(provider, null).getInstanceId();
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="round-robin"/>
                    <recovery retries="0" timeoutMs="500"/>
                    <health ejectAfterFailures="1000"/>
                  </defaults>
                </policy>
                """);
        provider.setFaultMode(FaultMode.HTTP_500_PLAIN);
        assertThat(quote().faultCode()).contains("NoInstanceAvailable");
        assertThat(quote().faultCode()).contains("NoInstanceAvailable");
        provider.setFaultMode(FaultMode.SOAP_FAULT);
        assertThat(quote().isSoapFault()).isTrue();
        provider.setFaultMode(FaultMode.HANG);
        assertThat(quote().faultCode()).contains("Timeout");
        provider.setFaultMode(FaultMode.RESET);
        assertThat(quote().faultCode()).contains("NoInstanceAvailable");
        provider.setFaultMode(FaultMode.NONE);
        for (int i = 0; i < 3; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }

        GetServiceInfoResponse info = serviceInfo();
        for (Statistics s : List.of(instance(info, id).getTotal(), instance(info, id).getWindow(),
                info.getVirtualPort().get(0).getTotal())) {
            assertThat(s.getRequests()).isEqualTo(8);
            assertThat(s.getHttpErrors()).isEqualTo(2);
            assertThat(s.getSoapFaults()).isEqualTo(1);
            assertThat(s.getTimeouts()).isEqualTo(1);
            assertThat(s.getConnectionFailures()).isEqualTo(1);
            assertThat(s.getProtocolErrors()).isZero();
        }

        PrometheusText metrics = PrometheusText.parse(SoapExchange.get(URI.create(domain.node().baseUri() + "/metrics")).text());
        assertThat(metrics.sum("sd_dispatch_failures_total", Map.of("instance", id, "kind", "soap_fault"))).isEqualTo(1);
        assertThat(metrics.sum("sd_dispatch_failures_total", Map.of("instance", id, "kind", "timeout"))).isEqualTo(1);
        assertThat(metrics.sum("sd_port_failures_total", Map.of("virtual_port", PORT, "kind", "http_error"))).isEqualTo(2);
        assertThat(metrics.sum("sd_port_failures_total", Map.of("virtual_port", PORT, "kind", "connection"))).isEqualTo(1);
        assertThat(metrics.sum("sd_window_requests", Map.of("virtual_port", PORT))).isEqualTo(8);
        assertThat(metrics.samples("sd_window_response_seconds", Map.of("virtual_port", PORT, "quantile", "0.95")))
                .singleElement().satisfies(s -> assertThat(s.value()).isPositive());
        assertThat(metrics.samples("sd_requests_without_instance_total", Map.of("virtual_port", PORT)))
                .singleElement().satisfies(s -> assertThat(s.value()).isZero());
    }

    @Test
    void requestsWhileNoInstanceIsAvailableAreAPercentageOfThePortsRequests() throws Exception {
        SampleProvider provider = domain.provider("quote-a");
        String id = domain.setup().provider(provider, null).getInstanceId();
        for (int i = 0; i < 3; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }
        domain.node().home().setServiceInfo(state(id, InstanceState.STANDBY));

        assertThat(quote().faultCode()).contains("NoInstanceAvailable");

        Statistics window = serviceInfo().getVirtualPort().get(0).getWindow();
        assertThat(window.getRequests()).isEqualTo(4);
        assertThat(window.getNoInstance()).isEqualTo(1);
        assertThat(window.getNoInstancePercent()).isEqualTo(25.0);
        PrometheusText metrics = PrometheusText.parse(SoapExchange.get(URI.create(domain.node().baseUri() + "/metrics")).text());
        assertThat(metrics.sum("sd_requests_without_instance_total", Map.of("virtual_port", PORT))).isEqualTo(1);
        assertThat(metrics.sum("sd_window_no_instance_ratio", Map.of("virtual_port", PORT))).isEqualTo(0.25);
    }

    @Test
    void aSessionsHistoryNamesTheInstancesAndOperationsItUsedLately() throws Exception {
        String a = domain.setup().provider(domain.provider("quote-a"), null).getInstanceId();
        String b = domain.setup().provider(domain.provider("quote-b"), null).getInstanceId();
        domain.setup().user("joe", "joe-pw", "customer");
        String joe = domain.setup().login("joe", "joe-pw");
        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.getQuote(port(), "ACME", joe).status()).isEqualTo(200);
        }
        assertThat(StockQuoteCalls.buy(port(), "ACME", 5, joe).status()).isEqualTo(200);
        assertThat(quote().status()).as("an anonymous call is no session's").isEqualTo(200);

        GetServiceInfo request = new GetServiceInfo();
        request.setSessionId(joe);
        GetServiceInfoResponse info = domain.node().home().getServiceInfo(request);

        assertThat(info.getSession().getUser()).isEqualTo("joe");
        List<SessionEntry> entries = info.getSession().getEntry();
        assertThat(entries).extracting(SessionEntry::getOperation).containsExactly("getQuote", "getQuote", "getQuote", "buy");
        assertThat(entries).extracting(SessionEntry::getInstanceId).allMatch(i -> i.equals(a) || i.equals(b));
        assertThat(entries).extracting(SessionEntry::getOutcome).containsOnly("answered");
        assertThat(entries).extracting(SessionEntry::getVirtualPort).containsOnly(PORT);

        GetServiceInfo unknown = new GetServiceInfo();
        unknown.setSessionId("no-such-session");
        HomeFault fault = catchThrowableOfType(HomeFault.class, () -> domain.node().home().getServiceInfo(unknown));
        assertThat(fault.getFaultInfo().getCode()).isEqualTo("BadRequest");
        assertThat(domain.node().home().getServiceInfo(new GetServiceInfo()).getSession()).isNull();
    }

    private SoapReply quote() {
        return StockQuoteCalls.getQuote(port(), "ACME");
    }

    private URI port() {
        return domain.node().virtualPortAddress(PORT);
    }

    private GetServiceInfoResponse serviceInfo() throws HomeFault {
        return domain.node().home().getServiceInfo(new GetServiceInfo());
    }

    private static InstanceInfo instance(GetServiceInfoResponse info, String id) {
        return info.getInstance().stream().filter(i -> i.getInstanceId().equals(id)).findFirst().orElseThrow();
    }

    private static SetServiceInfo state(String id, InstanceState state) {
        SetServiceInfo request = new SetServiceInfo();
        request.setInstanceId(id);
        request.setState(state);
        return request;
    }
}
