package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.SetPolicy;
import org.servicedomain.home.v1.SetServiceInfo;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * Each way a provider can fail makes the node try the next instance, while a provider's own SOAP
 * fault is an answer: it goes back unchanged and nothing is retried. Each holds on Tomcat's entry
 * and on the relay's.
 */
class FailoverTest {

    private static final long INSTANCE_TIMEOUT_MS = 700;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("primary", "backup");

    private SampleProvider primary;
    private SampleProvider backup;

    @BeforeEach
    void primaryAndBackupInRegistrationOrder() throws Exception {
        primary = domain.provider("primary");
        backup = domain.provider("backup");
        for (SampleProvider p : domain.providers().all()) {
            Registrations.register(domain.node().home(), p, INSTANCE_TIMEOUT_MS);
        }
        setPolicy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/>"
                + "<recovery retries=\"1\" timeoutMs=\"5000\"><idempotent operation=\"getQuote\"/></recovery>"
                + "</defaults></policy>");
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void failsOverToNextInstanceWhenProviderRefusesConnection(VirtualPortEntry entry) {
        primary.stop();
        assertServedByBackup(entry);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void failsOverWhenProviderAnswersHttpErrorWithoutSoapFault(VirtualPortEntry entry) {
        primary.setFaultMode(FaultMode.HTTP_500_PLAIN);
        assertServedByBackup(entry);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void failsOverWhenProviderResetsTheConnection(VirtualPortEntry entry) {
        primary.setFaultMode(FaultMode.RESET);
        assertServedByBackup(entry);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void failsOverWhenProviderDoesNotAnswerWithinTheInstanceTimeout(VirtualPortEntry entry) {
        primary.setFaultMode(FaultMode.HANG);
        assertServedByBackup(entry);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void providerSoapFaultGoesBackUnchangedAndIsNotRetried(VirtualPortEntry entry) {
        primary.setFaultMode(FaultMode.SOAP_FAULT);
        long backupBefore = backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.getQuote(entry.address(domain.node(), "StockQuotePortType"), "ACME");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.isSoapFault()).isTrue();
        assertThat(reply.faultCode()).isEmpty();
        assertThat(reply.firstText("", "faultstring").orElseThrow()).contains("injected fault from primary");
        assertThat(backup.requestsReceived()).isEqualTo(backupBefore);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void recoveryRuleWithoutRetriesTriesOnlyOneInstance(VirtualPortEntry entry) throws Exception {
        setPolicy("<policy xmlns=\"urn:sd:policy:1\"><defaults><selection directive=\"first-available\"/>"
                + "<recovery retries=\"0\"/></defaults></policy>");
        primary.stop();
        long backupBefore = backup.requestsReceived();

        SoapReply reply = StockQuoteCalls.getQuote(entry.address(domain.node(), "StockQuotePortType"), "ACME");

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(backup.requestsReceived()).isEqualTo(backupBefore);
    }

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void instancesTakenDownByTheAdministratorAreNotSelected(VirtualPortEntry entry) throws Exception {
        String primaryId = domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance()
                .stream().filter(i -> i.getEndpointAddress().equals(primary.address().toString()))
                .findFirst().orElseThrow().getInstanceId();
        SetServiceInfo down = new SetServiceInfo();
        down.setInstanceId(primaryId);
        down.setState(InstanceState.DOWN);
        domain.node().home().setServiceInfo(down);
        long primaryBefore = primary.requestsReceived();

        assertServedByBackup(entry);
        assertThat(primary.requestsReceived()).isEqualTo(primaryBefore);
    }

    private void assertServedByBackup(VirtualPortEntry entry) {
        List<String> servedBy = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            SoapReply reply = StockQuoteCalls.getQuote(entry.address(domain.node(), "StockQuotePortType"), "ACME");
            assertThat(reply.status()).as(reply.text()).isEqualTo(200);
            servedBy.add(StockQuoteCalls.servedBy(reply));
        }
        assertThat(servedBy).containsOnly("backup");
    }

    private void setPolicy(String document) throws Exception {
        SetPolicy request = new SetPolicy();
        request.setDocument(document);
        domain.node().home().setPolicy(request);
    }
}
