package org.servicedomain.node.engine.monitor;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.core.FaultCode;

class RequestOutcomesTest {

    private static final String PORT = "StockQuotePortType";

    private final SimpleMeterRegistry registry = new SimpleMeterRegistry();
    private final RequestOutcomes outcomes = new RequestOutcomes(registry);

    @Test
    void countsA2xxProviderReplyAsServed() {
        outcomes.answered(PORT, 200);
        outcomes.answered(PORT, 202);

        assertThat(count(PORT, "served")).isEqualTo(2.0);
        assertThat(count(PORT, "provider_fault")).isZero();
    }

    @Test
    void countsANon2xxProviderReplyAsProviderFault() {
        outcomes.answered(PORT, 500);

        assertThat(count(PORT, "provider_fault")).isEqualTo(1.0);
        assertThat(count(PORT, "served")).isZero();
    }

    @Test
    void keepsTheNodesFaultsPerPortByCodeAndTheProvidersFaultsApart() {
        outcomes.faulted(PORT, FaultCode.NotAuthorized);
        outcomes.faulted(PORT, FaultCode.NotAuthorized);
        outcomes.faulted(PORT, FaultCode.Timeout);
        outcomes.faulted("OtherPortType", FaultCode.BadRequest);
        outcomes.answered(PORT, 500);
        outcomes.answered(PORT, 200);

        assertThat(outcomes.faultsOf(PORT)).containsExactly(
                java.util.Map.entry(FaultCode.Timeout, 1L), java.util.Map.entry(FaultCode.NotAuthorized, 2L));
        assertThat(outcomes.providerFaultsOf(PORT)).isEqualTo(1L);
        assertThat(outcomes.faultsOf("NoSuchPort")).isEmpty();
        outcomes.forgetPort(PORT);
        assertThat(outcomes.faultsOf(PORT)).isEmpty();
        assertThat(outcomes.faultsOf("OtherPortType")).containsOnlyKeys(FaultCode.BadRequest);
    }

    @Test
    void countsNoInstanceAvailableAndTimeoutAsNoInstance() {
        outcomes.faulted(PORT, FaultCode.NoInstanceAvailable);
        outcomes.faulted(PORT, FaultCode.Timeout);

        assertThat(count(PORT, "no_instance")).isEqualTo(2.0);
    }

    @Test
    void countsEveryOtherNodeFaultAsRefused() {
        outcomes.faulted(PORT, FaultCode.BadRequest);
        outcomes.faulted(PORT, FaultCode.NotAuthorized);
        outcomes.faulted(PORT, FaultCode.InternalError);

        assertThat(count(PORT, "refused")).isEqualTo(3.0);
        assertThat(count(PORT, "no_instance")).isZero();
    }

    @Test
    void registersEveryOutcomeOfAPortAtZeroOnItsFirstRequest() {
        outcomes.answered(PORT, 200);

        assertThat(registry.find(RequestOutcomes.REQUESTS).tag("virtual_port", PORT).counters()).hasSize(4);
    }

    @Test
    void countsRequestsForUnknownPortsUnderOneLabelWhateverTheClientAskedFor() {
        outcomes.faulted(null, FaultCode.UnknownVirtualPort);
        outcomes.faulted(null, FaultCode.UnknownVirtualPort);

        assertThat(count(RequestOutcomes.UNKNOWN_PORT, "refused")).isEqualTo(2.0);
        assertThat(registry.find(RequestOutcomes.REQUESTS).counters()).hasSize(4);
    }

    private double count(String port, String outcome) {
        return registry.get(RequestOutcomes.REQUESTS).tags("virtual_port", port, "outcome", outcome).counter().count();
    }
}
