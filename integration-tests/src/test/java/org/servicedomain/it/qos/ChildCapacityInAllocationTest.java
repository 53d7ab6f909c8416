package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.BlastCalls;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * A child node's declared capacity on a running parent: the parent's flows of two virtual ports that
 * both reach the child share it in class order, so the parent keeps what the child cannot take in
 * its own class queues instead of sending it down.
 */
class ChildCapacityInAllocationTest {

    private static final String QUOTES = "StockQuotePortType";
    private static final String BLAST = "BlastBluePortType";
    private static final double CHILD_TPS = 20;
    private static final int LOW_CALLS_MEASURED = 40;

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;

    @BeforeEach
    void aParentWhoseTwoPortsBothReachOneChild() throws Exception {
        providers = new ProviderFleet();
        SampleProvider quotes = providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "quotes"));
        SampleProvider blast = providers.start(ProviderOptions.of(SampleService.BLAST_BLUE, "blast"));
        quotes.setDelayMs(100);
        blast.setDelayMs(50);
        tree = new NodeTree(dir);
        tree.start("parent");
        tree.start("child");
        Registrations.register(tree.get("child").home(), quotes);
        Registrations.register(tree.get("child").home(), blast);
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void aLowFlowIsHeldToWhatTheHighFlowOfAnotherPortLeavesOfTheChildsCapacity() throws Exception {
        tree.attachWith("child", "parent", "nodeCapacityTps=" + (int) CHILD_TPS);
        DomainSetup parent = new DomainSetup(tree.get("parent").home());
        parent.policy("<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><userLevel name=\"gold\"/></serviceLevels>"
                + "<priorityClasses allocationIntervalMs=\"300\" defaultTimeoutMs=\"2000\">"
                + "<qos class=\"high\" timeoutMs=\"10000\" userLevel=\"gold\"/></priorityClasses></policy>");
        parent.user("trader", "trader-password", "gold");
        String trader = parent.login("trader", "trader-password");
        URI quotes = tree.get("parent").virtualPortAddress(QUOTES);
        URI blast = tree.get("parent").virtualPortAddress(BLAST);
        List<SoapReply> highReplies = new CopyOnWriteArrayList<>();

        try (ClosedLoopClients high = ClosedLoopClients.start(1, () -> highReplies.add(StockQuoteCalls.getQuote(quotes, "HIGH", trader)));
                ClosedLoopClients low = ClosedLoopClients.start(8, () -> BlastCalls.search(blast))) {
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(100))
                    .until(() -> flow(BLAST, "low").map(f -> "child:child".equals(f.getBoundBy())).orElse(false));
            FlowInfo highFlow = flow(QUOTES, "high").orElseThrow();
            FlowInfo lowFlow = flow(BLAST, "low").orElseThrow();
            assertThat(highFlow.getBoundBy()).as("the high class fits in the child").isEqualTo("demand");
            assertThat(lowFlow.getAllocationTps()).as("what the high flow leaves of the child's %s", CHILD_TPS)
                    .isLessThanOrEqualTo(CHILD_TPS - highFlow.getDemandTps() + 1e-6);

            long admittedBefore = lowFlow.getAdmitted();
            long startNanos = System.nanoTime();
            await().atMost(Duration.ofSeconds(30)).pollInterval(Duration.ofMillis(20))
                    .until(() -> flow(BLAST, "low").orElseThrow().getAdmitted() - admittedBefore >= LOW_CALLS_MEASURED);
            double seconds = (System.nanoTime() - startNanos) / 1e9;
            // eight callers of a 50 ms provider would send 160 a second; the child takes 20 in all
            assertThat(LOW_CALLS_MEASURED / seconds).as("low calls sent down per second").isLessThanOrEqualTo(CHILD_TPS);
        }
        assertThat(highReplies).isNotEmpty().allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
    }

    private Optional<FlowInfo> flow(String port, String priorityClass) throws Exception {
        return tree.get("parent").home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(port) && f.getPriorityClass().equals(priorityClass)).findFirst();
    }
}
