package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * What instances and administrators set through {@code setServiceInfo} (state data, standby, a
 * timeout of the instance's own) and how health ejects by failure ratio and probes by an operation.
 */
class InstanceStateTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b")
            .configured(config -> config.maxStateDataBytes(64));

    private String a;
    private String b;

    @BeforeEach
    void nodeWithSmallStateDataAndTwoProviders() throws Exception {
        a = domain.setup().provider(domain.provider("quote-a"), null).getInstanceId();
        b = domain.setup().provider(domain.provider("quote-b"), null).getInstanceId();
    }

    @Test
    void stateDataAnInstanceRecordsIsVisibleKeptOverARestartAndRefusedWhenTooLarge() throws Exception {
        SetServiceInfo record = new SetServiceInfo();
        record.setInstanceId(a);
        record.setStateData("queue=3;build=42");
        assertThat(domain.node().home().setServiceInfo(record).getInstance().getStateData()).isEqualTo("queue=3;build=42");

        domain.node().restart();

        assertThat(instance(a).getStateData()).isEqualTo("queue=3;build=42");
        assertThat(instance(b).getStateData()).isNull();
        SetServiceInfo tooLarge = new SetServiceInfo();
        tooLarge.setInstanceId(a);
        tooLarge.setStateData("x".repeat(65));
        HomeFault fault = catchThrowableOfType(HomeFault.class, () -> domain.node().home().setServiceInfo(tooLarge));
        assertThat(fault.getFaultInfo().getCode()).isEqualTo("BadRequest");
        assertThat(fault.getFaultInfo().getMessage()).contains("65 bytes").contains("64");
        assertThat(instance(a).getStateData()).as("a refused change leaves the data as it was").isEqualTo("queue=3;build=42");

        SetServiceInfo clear = new SetServiceInfo();
        clear.setInstanceId(a);
        clear.setStateData("");
        domain.node().home().setServiceInfo(clear);
        assertThat(instance(a).getStateData()).isNull();
    }

    @Test
    void aStandbyInstanceKeepsItsStateButIsRoutedNothingUntilItIsOperationalAgain() throws Exception {
        SampleProvider standby = domain.provider("quote-a");
        SetServiceInfo toStandby = new SetServiceInfo();
        toStandby.setInstanceId(a);
        toStandby.setState(InstanceState.STANDBY);
        toStandby.setStateData("draining");
        domain.node().home().setServiceInfo(toStandby);
        long before = standby.requestsReceived();

        for (int i = 0; i < 8; i++) {
            assertThat(StockQuoteCalls.servedBy(quote())).isEqualTo("quote-b");
        }

        assertThat(standby.requestsReceived()).isEqualTo(before);
        InstanceInfo info = instance(a);
        assertThat(info.getState()).isEqualTo(InstanceState.STANDBY);
        assertThat(info.getStateData()).isEqualTo("draining");
        SetServiceInfo back = new SetServiceInfo();
        back.setInstanceId(a);
        back.setState(InstanceState.OPERATIONAL);
        domain.node().home().setServiceInfo(back);
        for (int i = 0; i < 4; i++) {
            quote();
        }
        assertThat(standby.requestsReceived()).isGreaterThan(before);
    }

    @Test
    void anInstancesOwnTimeoutWinsOverThePolicys() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><recovery retries="0" timeoutMs="120000"/></defaults>
                </policy>
                """);
        domain.node().home().setServiceInfo(state(b, InstanceState.DOWN));
        SampleProvider hanging = domain.provider("quote-a");
        hanging.setFaultMode(FaultMode.HANG);
        SetServiceInfo shortTimeout = new SetServiceInfo();
        shortTimeout.setInstanceId(a);
        shortTimeout.setTimeoutMs(300L);
        domain.node().home().setServiceInfo(shortTimeout);
        try {
            assertThat(quote().faultCode()).as("the client gives up after 60 s; the policy alone would wait 120 s")
                    .contains("Timeout");
        } finally {
            hanging.setFaultMode(FaultMode.NONE);
        }
        assertThat(instance(a).getTimeoutMs()).isEqualTo(300);
        assertThat(instance(a).getTotal().getTimeouts()).isEqualTo(1);
    }

    @Test
    void aShareOfFailuresEjectsAnInstanceThatReturnsOnlyWhenItsProbeOperationSucceeds() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="round-robin"/>
                    <recovery retries="1"><idempotent operation="getQuote"/></recovery>
                    <health ejectAfterFailures="1000" ejectFailureRatio="0.5" minRequests="4"
                            probeIntervalMs="100" maxProbeIntervalMs="200">
                      <probe operation="getQuote"><q:getQuote xmlns:q="urn:sd:samples:stockquote"><q:symbol>PROBE</q:symbol></q:getQuote></probe>
                    </health>
                  </defaults>
                </policy>
                """);
        SampleProvider failing = domain.provider("quote-b");
        failing.setFaultMode(FaultMode.HTTP_500_PLAIN);

        for (int i = 0; i < 12; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }

        await().atMost(Duration.ofSeconds(10)).until(() -> instance(b).getState() == InstanceState.DOWN);
        long atEjection = failing.requestsReceived();
        await().atMost(Duration.ofSeconds(10)).until(() -> failing.requestsReceived() >= atEjection + 2);
        assertThat(instance(b).getState()).as("its WSDL is served, but the probe operation still fails")
                .isEqualTo(InstanceState.DOWN);

        failing.setFaultMode(FaultMode.NONE);

        await().atMost(Duration.ofSeconds(10)).until(() -> instance(b).getState() == InstanceState.OPERATIONAL);
        long back = failing.requestsServed();
        for (int i = 0; i < 4; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }
        assertThat(failing.requestsServed()).isGreaterThan(back);
    }

    private SoapReply quote() {
        URI port = domain.node().virtualPortAddress(PORT);
        return StockQuoteCalls.getQuote(port, "ACME");
    }

    private InstanceInfo instance(String id) throws HomeFault {
        GetServiceInfo request = new GetServiceInfo();
        request.setInstanceId(id);
        return domain.node().home().getServiceInfo(request).getInstance().get(0);
    }

    private static SetServiceInfo state(String id, InstanceState state) {
        SetServiceInfo request = new SetServiceInfo();
        request.setInstanceId(id);
        request.setState(state);
        return request;
    }
}
