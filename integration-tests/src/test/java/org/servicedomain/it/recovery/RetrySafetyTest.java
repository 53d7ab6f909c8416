package org.servicedomain.it.recovery;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * What the node sends again after a failure: a request that never reached a provider always, one
 * that may have reached it only for operations the policy marks idempotent (getQuote here, not
 * buy), and nothing at all once the client's deadline has passed.
 */
class RetrySafetyTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("primary", "backup");

    private SampleProvider primary;
    private SampleProvider backup;

    @BeforeEach
    void primaryAndBackupInRegistrationOrderWithGetQuoteIdempotent() throws Exception {
        primary = domain.provider("primary");
        backup = domain.provider("backup");
        DomainSetup setup = domain.setup();
        setup.provider(primary, null);
        setup.provider(backup, null);
        setup.policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="first-available"/>
                    <recovery retries="1" timeoutMs="600"><idempotent operation="getQuote"/></recovery>
                  </defaults>
                </policy>
                """);
    }

    @Test
    void aTimeoutAfterTheRequestWasSentIsRetriedForAnIdempotentOperation() {
        primary.setFaultMode(FaultMode.HANG);

        SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME");

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("backup");
    }

    @Test
    void aTimeoutAfterTheRequestWasSentIsNotRetriedForAnOperationNotMarkedIdempotent() {
        primary.setFaultMode(FaultMode.HANG);
        long backupBefore = backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.buy(port(), "ACME", 10, null);

        assertThat(reply.faultCode()).contains("Timeout");
        assertThat(reply.firstText("", "faultstring").orElseThrow()).contains("buy is not marked idempotent");
        assertThat(backup.requestsReceived()).isEqualTo(backupBefore);
    }

    @Test
    void aResetAfterTheRequestWasSentIsNotRetriedForAnOperationNotMarkedIdempotent() {
        primary.setFaultMode(FaultMode.RESET);
        long backupBefore = backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.buy(port(), "ACME", 10, null);

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(backup.requestsReceived()).isEqualTo(backupBefore);
    }

    @Test
    void aRefusedConnectionIsRetriedEvenForAnOperationNotMarkedIdempotent() {
        primary.stop();

        SoapReply reply = StockQuoteCalls.buy(port(), "ACME", 10, null);

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(reply.firstText(StockQuoteCalls.NS, "provider")).contains("backup");
    }

    @Test
    void aProviderSoapFaultIsNeverRetriedEvenForAnIdempotentOperation() {
        primary.setFaultMode(FaultMode.SOAP_FAULT);
        long backupBefore = backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.getQuote(port(), "ACME");

        assertThat(reply.isSoapFault()).isTrue();
        assertThat(reply.faultCode()).isEmpty();
        assertThat(backup.requestsReceived()).isEqualTo(backupBefore);
    }

    @Test
    void noAttemptStartsAfterTheClientsDeadline() {
        primary.setFaultMode(FaultMode.HANG);
        long backupBefore = backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.getQuoteWith(port(), "ACME", Map.of("X-SD-Timeout-Ms", "300"));

        assertThat(reply.faultCode()).contains("Timeout");
        assertThat(reply.firstText("", "faultstring").orElseThrow()).contains("the client's deadline passed");
        assertThat(backup.requestsReceived()).as("the retry would start after the deadline").isEqualTo(backupBefore);
    }

    @Test
    void aDeadlineThatLeavesTimeForARetryIsServedByTheNextInstance() {
        primary.setFaultMode(FaultMode.HANG);

        SoapReply reply = StockQuoteCalls.getQuoteWith(port(), "ACME", Map.of("X-SD-Timeout-Ms", "20000"));

        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("backup");
    }

    @Test
    void aDeadlineAlreadyPassedIsATimeoutWithoutAnyAttempt() {
        long before = primary.requestsReceived() + backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.getQuoteWith(port(), "ACME", Map.of("X-SD-Timeout-Ms", "0"));

        assertThat(reply.faultCode()).contains("Timeout");
        assertThat(primary.requestsReceived() + backup.requestsReceived()).isEqualTo(before);
    }

    @Test
    void aDeadlineThatIsNotANumberIsABadRequest() {
        SoapReply reply = StockQuoteCalls.getQuoteWith(port(), "ACME", Map.of("X-SD-Timeout-Ms", "soon"));

        assertThat(reply.faultCode()).contains("BadRequest");
        assertThat(reply.firstText("", "faultstring").orElseThrow()).contains("X-SD-Timeout-Ms");
        assertThat(StockQuoteCalls.getQuote(port(), "ACME").status()).isEqualTo(200);
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
