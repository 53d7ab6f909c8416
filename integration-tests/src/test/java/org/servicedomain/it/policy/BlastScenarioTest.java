package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.List;
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
 * BLAST configured four ways (samples/policies/blast-*.xml): every request lands on an instance
 * that holds its database. Each provider holds one database; a request reaching the wrong one
 * would come back as that provider's "database not held" fault.
 */
class BlastScenarioTest {

    private static final List<String> DATABASES = List.of("database1", "database2", "database3");

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.emptyFleet();

    @BeforeEach
    void oneProviderPairPerDatabase() throws Exception {
        String[] levels = {"ServerBlue", "ServerGreen", "ServerRed"};
        for (int i = 0; i < 3; i++) {
            for (String copy : new String[] {"-1", "-2"}) {
                domain.setup().provider(domain.providers().start(ProviderOptions.builder(SampleService.BLAST, levels[i] + copy)
                        .databases(List.of(DATABASES.get(i))).build()), levels[i]);
            }
        }
    }

    @Test
    void oneOperationPerDatabaseRoutesEachToItsSupplierLevel() throws Exception {
        domain.setup().policy(Resources.text("policies/blast-by-operation.xml"));
        for (int i = 0; i < 4; i++) {
            assertThat(servedBy(BlastCalls.runColour(port(), "runBlue", null))).startsWith("ServerBlue");
            assertThat(servedBy(BlastCalls.runColour(port(), "runGreen", null))).startsWith("ServerGreen");
            assertThat(servedBy(BlastCalls.runColour(port(), "runRed", null))).startsWith("ServerRed");
        }
    }

    @Test
    void contentBasedSelectionReadsTheDatabaseArgument() throws Exception {
        domain.setup().policy(Resources.text("policies/blast-by-content.xml"));
        for (int i = 0; i < 4; i++) {
            assertThat(servedBy(BlastCalls.run(port(), "database1", null))).startsWith("ServerBlue");
            assertThat(servedBy(BlastCalls.run(port(), "database2", null))).startsWith("ServerGreen");
            assertThat(servedBy(BlastCalls.run(port(), "database3", null))).startsWith("ServerRed");
        }
    }

    @Test
    void userLevelsMappedToSupplierLevelsKeepEachUserOnItsDatabase() throws Exception {
        domain.setup().policy(Resources.text("policies/blast-by-service-map.xml"));
        domain.setup().user("bea", "bea-pw", "UserBlue").user("gus", "gus-pw", "UserGreen").user("rio", "rio-pw", "UserRed");
        String blue = domain.setup().login("bea", "bea-pw");
        String green = domain.setup().login("gus", "gus-pw");
        String red = domain.setup().login("rio", "rio-pw");
        for (int i = 0; i < 4; i++) {
            assertThat(servedBy(BlastCalls.run(port(), "database1", blue))).startsWith("ServerBlue");
            assertThat(servedBy(BlastCalls.run(port(), "database2", green))).startsWith("ServerGreen");
            assertThat(servedBy(BlastCalls.run(port(), "database3", red))).startsWith("ServerRed");
        }
        assertThat(BlastCalls.run(port(), "database1", null).faultCode()).contains("NotAuthorized");
    }

    @Test
    void onePortTypePerDatabaseMakesOneVirtualPortPerDatabase() throws Exception {
        SampleService[] services = {SampleService.BLAST_BLUE, SampleService.BLAST_GREEN, SampleService.BLAST_RED};
        for (int i = 0; i < 3; i++) {
            for (String copy : new String[] {"-1", "-2"}) {
                domain.setup().provider(domain.providers().start(ProviderOptions.of(services[i], services[i].path() + copy)), null);
            }
        }
        domain.setup().policy(Resources.text("policies/blast-by-port-type.xml"));
        String[] ports = {"BlastBluePortType", "BlastGreenPortType", "BlastRedPortType"};
        for (int i = 0; i < 3; i++) {
            for (int call = 0; call < 4; call++) {
                SoapReply reply = BlastCalls.search(domain.node().virtualPortAddress(ports[i]));
                assertThat(servedBy(reply)).startsWith(services[i].path());
                assertThat(reply.firstText(BlastCalls.NS, "database")).contains(DATABASES.get(i));
            }
        }
    }

    private static String servedBy(SoapReply reply) {
        assertThat(reply.status()).as(reply.text()).isEqualTo(200);
        return BlastCalls.servedBy(reply);
    }

    private URI port() {
        return domain.node().virtualPortAddress("BlastPortType");
    }
}
