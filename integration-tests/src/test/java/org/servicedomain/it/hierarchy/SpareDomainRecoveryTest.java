package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.samples.gpdr.EventCorrelator;
import org.servicedomain.samples.gpdr.ProblemRecovery;
import org.servicedomain.samples.gpdr.SpareRecovery;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.GridCalls;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;

/**
 * Spare-domain recovery: the main node loses every credit-check instance, posts "service feature
 * unavailable" to the GPDR component, a business process reports its error on the same port, and
 * GPDR registers the spare node's instances with the main node; the next request succeeds.
 */
class SpareDomainRecoveryTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    private ProblemRecovery gpdr;
    private Registration primary;

    @BeforeEach
    void mainAndSpareDomainsWatchedByGpdr() throws Exception {
        providers = new ProviderFleet();
        tree = new NodeTree(dir);
        tree.start("main");
        tree.start("spare");
        primary = Registrations.register(tree.get("main").home(), providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "primary")));
        Registrations.register(tree.get("spare").home(), providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "spare-credit")));
        gpdr = ProblemRecovery.start(new EventCorrelator(Duration.ofMinutes(1), Clock.systemUTC()),
                new SpareRecovery(tree.get("main").home(), tree.get("spare").home()), 0);
        new DomainSetup(tree.get("main").home()).policy("<policy xmlns=\"urn:sd:policy:1\"><settings notifyUrl=\""
                + gpdr.eventsUrl() + "\"/></policy>");
    }

    @AfterEach
    void stop() {
        gpdr.close();
        tree.close();
        providers.close();
    }

    @Test
    void gpdrCorrelatesBothEventsAndTheSpareInstancesServeTheNextRequest() throws Exception {
        Unregister lost = new Unregister();
        lost.setInstanceId(primary.getInstanceId());
        tree.get("main").home().unregister(lost);
        URI port = tree.get("main").virtualPortAddress("CreditCheckPortType");

        SoapReply failed = GridCalls.creditCheck(port, "42");
        assertThat(failed.faultCode()).contains("NoInstanceAvailable");
        assertThat(gpdr.recovered()).isEmpty();
        reportBusinessProcessError("CreditCheckPortType");

        await().atMost(Duration.ofSeconds(20)).until(() -> gpdr.recovered().contains("CreditCheckPortType"));
        SoapReply next = GridCalls.creditCheck(port, "42");
        assertThat(next.isSoapFault()).as(next.text()).isFalse();
        assertThat(GridCalls.servedBy(next)).isEqualTo("spare-credit");
    }

    @Test
    void aBusinessProcessErrorAloneRecoversNothing() throws Exception {
        reportBusinessProcessError("CreditCheckPortType");

        SoapReply reply = GridCalls.creditCheck(tree.get("main").virtualPortAddress("CreditCheckPortType"), "42");
        assertThat(GridCalls.servedBy(reply)).isEqualTo("primary");
        assertThat(gpdr.recovered()).isEmpty();
    }

    /** What the business process posts when a step of it failed on a port. */
    private void reportBusinessProcessError(String virtualPort) throws Exception {
        HttpResponse<Void> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(gpdr.eventsUrl())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"type\":\"BUSINESS_PROCESS_ERROR\",\"virtualPort\":\""
                        + virtualPort + "\",\"detail\":\"loan approval could not check credit\"}"))
                .build(), HttpResponse.BodyHandlers.discarding());
        assertThat(response.statusCode()).isEqualTo(204);
    }
}
