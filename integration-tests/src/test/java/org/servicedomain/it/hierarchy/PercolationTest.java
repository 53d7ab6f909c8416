package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.GridCalls;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.w3c.dom.NodeList;

/**
 * The credit-check scenario: main has children A (instance X) and C (instance W), both of which
 * percolate failures instead of failing over locally. X fails; main then tries C.
 */
class PercolationTest {

    private static final String PERCOLATE = "<policy xmlns=\"urn:sd:policy:1\"><defaults>"
            + "<recovery retries=\"0\" timeoutMs=\"5000\" onExhausted=\"percolate\"/></defaults></policy>";

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    private SampleProvider x;
    private SampleProvider w;
    private Registration wAtC;

    @BeforeEach
    void mainWithPercolatingChildrenAandC() throws Exception {
        providers = new ProviderFleet();
        x = providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "X"));
        w = providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "W"));
        tree = new NodeTree(dir);
        tree.start("main");
        tree.start("A");
        tree.start("C");
        Registrations.register(tree.get("A").home(), x);
        wAtC = Registrations.register(tree.get("C").home(), w);
        new DomainSetup(tree.get("A").home()).policy(PERCOLATE);
        new DomainSetup(tree.get("C").home()).policy(PERCOLATE);
        new DomainSetup(tree.get("main").home()).policy("<policy xmlns=\"urn:sd:policy:1\"><defaults>"
                + "<selection directive=\"first-available\"/><recovery retries=\"2\" timeoutMs=\"5000\"/></defaults></policy>");
        tree.attach("A", "main");
        tree.attach("C", "main");
        x.setFaultMode(FaultMode.HTTP_500_PLAIN);
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void whenXFailsAndWIsInMaintenanceMainAnswersNoInstanceAvailableWithThePathOfEachAttempt() throws Exception {
        Unregister maintenance = new Unregister();
        maintenance.setInstanceId(wAtC.getInstanceId());
        tree.get("C").home().unregister(maintenance);

        SoapReply reply = GridCalls.creditCheck(tree.get("main").virtualPortAddress("CreditCheckPortType"), "42");

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(paths(reply)).containsExactly("main/A/X", "main/C");
        assertThat(reply.text()).contains("main/A/X").contains("main/C");
        assertThat(x.requestsReceived()).isEqualTo(1);
        assertThat(w.requestsReceived()).isZero();
    }

    @Test
    void whenXFailsAndWIsRegisteredTheRequestSucceedsThroughC() {
        SoapReply reply = GridCalls.creditCheck(tree.get("main").virtualPortAddress("CreditCheckPortType"), "42");

        assertThat(reply.status()).isEqualTo(200);
        assertThat(reply.isSoapFault()).isFalse();
        assertThat(GridCalls.servedBy(reply)).isEqualTo("W");
        assertThat(x.requestsReceived()).isEqualTo(1);
    }

    @Test
    void aChildCalledDirectlyFailsNormallyInsteadOfPercolating() {
        SoapReply reply = GridCalls.creditCheck(tree.get("A").virtualPortAddress("CreditCheckPortType"), "42");

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(paths(reply)).containsExactly("A/X");
    }

    private static List<String> paths(SoapReply reply) {
        try {
            NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(
                    "//*[local-name()='attempt']/*[local-name()='path']", reply.parse(), XPathConstants.NODESET);
            return java.util.stream.IntStream.range(0, nodes.getLength()).mapToObj(i -> nodes.item(i).getTextContent()).toList();
        } catch (javax.xml.xpath.XPathExpressionException e) {
            throw new AssertionError(e);
        }
    }
}
