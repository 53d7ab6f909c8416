package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.BlastCalls;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.SoapReply;

/**
 * BLAST configured four ways (samples/policies/blast-*.xml) over the model's overlapping assignment:
 * server A holds database1 (ServerBlue), B holds database1 and database2 and is filed under both
 * ServerBlue and ServerGreen, C holds database2 (ServerGreen), D and E hold database3 (ServerRed).
 * Every request must land on a server that holds its database (a wrong one answers with its
 * "database not held" fault), and B must serve both the blue and the green requests.
 */
class BlastScenarioTest {

    private static final List<String> DATABASES = List.of("database1", "database2", "database3");
    /** Calls made until every expected server has served; far more than any fair directive needs. */
    private static final int MAX_CALLS = 60;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @BeforeEach
    void theModelsOverlappingAssignment() throws Exception {
        domain.blastServer("A", "ServerBlue", "database1");
        domain.blastServer("B", "ServerBlue ServerGreen", "database1", "database2");
        domain.blastServer("C", "ServerGreen", "database2");
        domain.blastServer("D", "ServerRed", "database3");
        domain.blastServer("E", "ServerRed", "database3");
    }

    @Test
    void oneOperationPerDatabaseRoutesEachToItsSupplierLevelsServers() throws Exception {
        domain.setup().policy(Resources.text("policies/blast-by-operation.xml"));

        assertServedByEachOf(() -> BlastCalls.runColour(port(), "runBlue", null), "A", "B");
        assertServedByEachOf(() -> BlastCalls.runColour(port(), "runGreen", null), "B", "C");
        assertServedByEachOf(() -> BlastCalls.runColour(port(), "runRed", null), "D", "E");
    }

    @Test
    void contentBasedSelectionReadsTheDatabaseArgument() throws Exception {
        domain.setup().policy(Resources.text("policies/blast-by-content.xml"));

        assertServedByEachOf(() -> BlastCalls.run(port(), "database1", null), "A", "B");
        assertServedByEachOf(() -> BlastCalls.run(port(), "database2", null), "B", "C");
        assertServedByEachOf(() -> BlastCalls.run(port(), "database3", null), "D", "E");
    }

    @Test
    void userLevelsMappedToSupplierLevelsBringBlueAndGreenUsersToB() throws Exception {
        domain.setup().policy(Resources.text("policies/blast-by-service-map.xml"));
        domain.setup().user("bea", "bea-pw", "UserBlue").user("gus", "gus-pw", "UserGreen").user("rio", "rio-pw", "UserRed");
        String blue = domain.setup().login("bea", "bea-pw");
        String green = domain.setup().login("gus", "gus-pw");
        String red = domain.setup().login("rio", "rio-pw");

        assertServedByEachOf(() -> BlastCalls.run(port(), "database1", blue), "A", "B");
        assertServedByEachOf(() -> BlastCalls.run(port(), "database2", green), "B", "C");
        assertServedByEachOf(() -> BlastCalls.run(port(), "database3", red), "D", "E");
        assertThat(BlastCalls.run(port(), "database1", null).faultCode()).contains("NotAuthorized");
    }

    @Test
    void onePortTypePerDatabaseMakesOneVirtualPortPerDatabaseWithBInTwo() throws Exception {
        Map<SampleService, List<String>> servers = Map.of(
                SampleService.BLAST_BLUE, List.of("A", "B"),
                SampleService.BLAST_GREEN, List.of("B", "C"),
                SampleService.BLAST_RED, List.of("D", "E"));
        for (Map.Entry<SampleService, List<String>> service : servers.entrySet()) {
            for (String server : service.getValue()) {
                domain.setup().provider(domain.providers().start(ProviderOptions.of(service.getKey(), server)), null);
            }
        }
        domain.setup().policy(Resources.text("policies/blast-by-port-type.xml"));
        Map<String, SampleService> ports = Map.of("BlastBluePortType", SampleService.BLAST_BLUE,
                "BlastGreenPortType", SampleService.BLAST_GREEN, "BlastRedPortType", SampleService.BLAST_RED);
        for (Map.Entry<String, SampleService> port : ports.entrySet()) {
            URI address = domain.node().virtualPortAddress(port.getKey());
            assertServedByEachOf(() -> BlastCalls.search(address), servers.get(port.getValue()).toArray(String[]::new));
        }
    }

    /**
     * Makes {@code call} until each of {@code servers} has answered it (at most {@link #MAX_CALLS}
     * times); every call must succeed, and only those servers may answer.
     */
    private static void assertServedByEachOf(Supplier<SoapReply> call, String... servers) {
        Set<String> seen = new TreeSet<>();
        for (int n = 0; n < MAX_CALLS && !seen.containsAll(List.of(servers)); n++) {
            seen.add(servedBy(call.get()));
        }
        assertThat(seen).containsExactlyInAnyOrder(servers);
    }

    private static String servedBy(SoapReply reply) {
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return BlastCalls.servedBy(reply);
    }

    private URI port() {
        return domain.node().virtualPortAddress("BlastPortType");
    }
}
