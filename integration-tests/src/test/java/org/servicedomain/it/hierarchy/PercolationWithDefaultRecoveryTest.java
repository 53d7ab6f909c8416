package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathExpressionException;
import javax.xml.xpath.XPathFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.HomeFault;
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
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.w3c.dom.NodeList;

/**
 * The credit-check walk with nothing but {@code onExhausted="percolate"} in the children's recovery:
 * default retries, instance timeout and retry budget, at the children and at main alike. A child
 * first tries its own instances as its recovery says, then percolates; main tries its next child;
 * only an exhausted tree reaches the client, whose fault names every attempt at every level.
 */
class PercolationWithDefaultRecoveryTest {

    /** Every recovery setting left at its default but what happens once the retries are spent. */
    private static final String PERCOLATE_ONLY = "<policy xmlns=\"urn:sd:policy:1\"><defaults>"
            + "<recovery onExhausted=\"percolate\"/></defaults></policy>";
    /** Main tries its children in registration order (A first), with the default recovery. */
    private static final String MAIN = "<policy xmlns=\"urn:sd:policy:1\"><defaults>"
            + "<selection directive=\"fixed-order\"/></defaults></policy>";

    @TempDir
    Path dir;

    private final ProviderFleet providers = new ProviderFleet();
    private NodeTree tree;
    private SampleProvider w;
    private Registration wAtC;

    @BeforeEach
    void childCWithInstanceW() throws Exception {
        w = providers.start(ProviderOptions.of(SampleService.CREDITCHECK, "W"));
        tree = new NodeTree(dir);
        tree.start("main");
        tree.start("C");
        wAtC = Registrations.register(tree.get("C").home(), w);
        new DomainSetup(tree.get("C").home()).policy(PERCOLATE_ONLY);
        new DomainSetup(tree.get("main").home()).policy(MAIN);
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void whenXAnswersHttp500TheRequestIsServedByWThroughC() throws Exception {
        SampleProvider x = childAWith("X");
        x.setFaultMode(FaultMode.HTTP_500_PLAIN);

        SoapReply reply = check();

        assertThat(GridCalls.servedBy(reply)).isEqualTo("W");
        assertThat(x.requestsReceived()).isEqualTo(1);
    }

    @Test
    void whenXRefusesConnectionsTheRequestIsServedByWThroughC() throws Exception {
        SampleProvider x = childAWith("X");
        x.stop();

        assertThat(GridCalls.servedBy(check())).isEqualTo("W");
    }

    @Test
    void whenXHangsPastTheDefaultTimeoutTheRequestIsServedByWThroughC() throws Exception {
        SampleProvider x = childAWith("X");
        x.setFaultMode(FaultMode.HANG);

        SoapReply reply = check();

        assertThat(GridCalls.servedBy(reply)).isEqualTo("W");
        assertThat(x.requestsReceived()).isEqualTo(1);
    }

    @Test
    void whenXHangsAndCHasNoInstanceTheClientsFaultNamesXThroughAAndThenC() throws Exception {
        childAWith("X").setFaultMode(FaultMode.HANG);
        takeWAway();

        SoapReply reply = check();

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(paths(reply)).containsExactly("main/A/X", "main/C");
    }

    @Test
    void aClientsDeadlineShorterThanTheChildsRecoveryStillLeavesMainTimeToServeThroughC() throws Exception {
        SampleProvider x = childAWith("X");
        warmUp("A");
        warmUp("C");
        x.setFaultMode(FaultMode.HANG);

        // 6 s: less than main's wait on A (5 s + 2 s), more than A's instance timeout (5 s)
        SoapReply reply = SoapExchange.post(tree.get("main").virtualPortAddress("CreditCheckPortType"),
                "text/xml; charset=UTF-8", "\"" + GridCalls.CREDIT_NS + "#check\"",
                SoapExchange.soap11(null, "<c:check xmlns:c=\"" + GridCalls.CREDIT_NS + "\"><c:customerId>42</c:customerId></c:check>")
                        .getBytes(StandardCharsets.UTF_8),
                Map.of("X-SD-Timeout-Ms", "6000"));

        assertThat(GridCalls.servedBy(reply)).isEqualTo("W");
        assertThat(x.requestsReceived()).isEqualTo(2);
    }

    @Test
    void aChildTriesEachOfItsInstancesBeforePercolatingAndMainThenServesThroughC() throws Exception {
        List<SampleProvider> xs = childAWith("X1", "X2");
        xs.forEach(SampleProvider::stop);

        assertThat(GridCalls.servedBy(check())).isEqualTo("W");
    }

    @Test
    void whenTheWholeTreeIsExhaustedTheClientsFaultNamesEveryAttemptInsideTheChildren() throws Exception {
        childAWith("X1", "X2").forEach(SampleProvider::stop);
        takeWAway();

        SoapReply reply = check();

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        List<String> paths = paths(reply);
        assertThat(paths).hasSize(3);
        assertThat(paths.subList(0, 2)).containsExactlyInAnyOrder("main/A/X1", "main/A/X2");
        assertThat(paths.get(2)).isEqualTo("main/C");
        assertThat(reply.text()).contains("main/A/X1").contains("main/A/X2").contains("main/C");
    }

    @Test
    void aGrandchildPercolatesToAWhichPercolatesToMainWhichServesThroughC() throws Exception {
        SampleProvider x = grandchildA1UnderA("X");
        x.setFaultMode(FaultMode.HTTP_500_PLAIN);

        assertThat(GridCalls.servedBy(check())).isEqualTo("W");
        assertThat(x.requestsReceived()).isEqualTo(1);
    }

    @Test
    void aGrandchildWhoseInstanceHangsPercolatesInTimeForMainToServeThroughC() throws Exception {
        SampleProvider x = grandchildA1UnderA("X");
        x.setFaultMode(FaultMode.HANG);

        assertThat(GridCalls.servedBy(check())).isEqualTo("W");
    }

    @Test
    void whenTheDeeperTreeIsExhaustedTheClientsFaultNamesTheGrandchildsAttemptAndThenC() throws Exception {
        grandchildA1UnderA("X").stop();
        takeWAway();

        SoapReply reply = check();

        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(paths(reply)).containsExactly("main/A/A1/X", "main/C");
    }

    /** Starts child A with providers named {@code names} and attaches A, then C, below main. */
    private List<SampleProvider> childAWith(String... names) throws Exception {
        List<SampleProvider> started = startChild("A", names);
        tree.attach("A", "main");
        tree.attach("C", "main");
        return started;
    }

    private SampleProvider childAWith(String name) throws Exception {
        return childAWith(new String[] {name}).get(0);
    }

    /** main → A → A1, where A1 has the one provider {@code name} and A nothing of its own; then C below main. */
    private SampleProvider grandchildA1UnderA(String name) throws Exception {
        SampleProvider x = startChild("A1", name).get(0);
        tree.start("A");
        new DomainSetup(tree.get("A").home()).policy(PERCOLATE_ONLY);
        tree.attach("A1", "A");
        tree.attach("A", "main");
        tree.attach("C", "main");
        return x;
    }

    private List<SampleProvider> startChild(String node, String... names) throws HomeFault {
        tree.start(node);
        List<SampleProvider> started = new java.util.ArrayList<>();
        for (String name : names) {
            SampleProvider provider = providers.start(ProviderOptions.of(SampleService.CREDITCHECK, name));
            Registrations.register(tree.get(node).home(), provider);
            started.add(provider);
        }
        new DomainSetup(tree.get(node).home()).policy(PERCOLATE_ONLY);
        return started;
    }

    /** A request to child {@code node} directly, so that its first request (classes loading) is behind it. */
    private void warmUp(String node) {
        assertThat(GridCalls.creditCheck(tree.get(node).virtualPortAddress("CreditCheckPortType"), "1").isSoapFault()).isFalse();
    }

    /** W goes into maintenance: C keeps its port but has no instance behind it. */
    private void takeWAway() throws HomeFault {
        Unregister maintenance = new Unregister();
        maintenance.setInstanceId(wAtC.getInstanceId());
        tree.get("C").home().unregister(maintenance);
    }

    private SoapReply check() {
        return GridCalls.creditCheck(tree.get("main").virtualPortAddress("CreditCheckPortType"), "42");
    }

    private static List<String> paths(SoapReply reply) {
        try {
            NodeList nodes = (NodeList) XPathFactory.newInstance().newXPath().evaluate(
                    "//*[local-name()='attempt']/*[local-name()='path']", reply.parse(), XPathConstants.NODESET);
            return IntStream.range(0, nodes.getLength()).mapToObj(i -> nodes.item(i).getTextContent()).toList();
        } catch (XPathExpressionException e) {
            throw new AssertionError(e);
        }
    }
}
