package org.servicedomain.it.hierarchy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.samples.provider.ProviderOptions;
import org.servicedomain.samples.provider.SampleService;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Nodes join and leave a running grid: the top node's own discovery timer finds a node registered
 * further down, and loses it once it left, while stock-quote traffic keeps flowing through the top.
 */
class JoinAndLeaveTest {

    private static final Duration POLL = Duration.ofMillis(300);

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    private ExecutorService traffic;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final AtomicInteger served = new AtomicInteger();
    private final AtomicInteger failed = new AtomicInteger();

    @BeforeEach
    void topPollingItsChildUnderTraffic() throws Exception {
        providers = new ProviderFleet();
        tree = new NodeTree(dir);
        tree.start("UF", POLL);
        tree.start("UBC");
        Registrations.register(tree.get("UBC").home(), providers.start(ProviderOptions.of(SampleService.STOCKQUOTE, "BOT")));
        tree.attach("UBC", "UF");
        traffic = Executors.newSingleThreadExecutor();
        traffic.submit(() -> {
            while (running.get()) {
                SoapReply reply = StockQuoteCalls.getQuote(tree.get("UF").virtualPortAddress("StockQuotePortType"), "IBM");
                (reply.status() == 200 && !reply.isSoapFault() ? served : failed).incrementAndGet();
            }
        });
    }

    @AfterEach
    void stop() throws Exception {
        running.set(false);
        traffic.shutdown();
        traffic.awaitTermination(30, TimeUnit.SECONDS);
        tree.close();
        providers.close();
    }

    @Test
    void aNodeThatJoinsBelowAChildAppearsAtTheTopAndDisappearsWhenItLeaves() throws Exception {
        tree.start("UPM");
        Registrations.register(tree.get("UPM").home(), providers.start(ProviderOptions.of(SampleService.COMMODITY_TRADING, "UPM-c")));
        List<Registration> joined = tree.attach("UPM", "UBC");

        await().atMost(Duration.ofSeconds(20)).until(() -> tree.portTypes("UF").contains("CommodityTradingPortType"));
        int servedWhileJoined = served.get();

        Unregister leave = new Unregister();
        leave.setInstanceId(joined.get(0).getInstanceId());
        tree.get("UBC").home().unregister(leave);

        await().atMost(Duration.ofSeconds(20)).until(() -> !tree.portTypes("UF").contains("CommodityTradingPortType"));
        await().atMost(Duration.ofSeconds(20)).until(() -> served.get() > servedWhileJoined + 5);
        assertThat(failed.get()).isZero();
        assertThat(tree.portTypes("UF")).containsExactly("StockQuotePortType");
    }

    @Test
    void aChildWhosePortLostItsInstancesStaysStandbyForItUntilAPollSaysOtherwise() throws Exception {
        Registration commodities = Registrations.register(tree.get("UBC").home(),
                providers.start(ProviderOptions.of(SampleService.COMMODITY_TRADING, "UBC-c")));
        await().atMost(Duration.ofSeconds(20)).until(() -> stateAtTop("CommodityTradingPortType") == InstanceState.OPERATIONAL);

        Unregister gone = new Unregister();
        gone.setInstanceId(commodities.getInstanceId());
        tree.get("UBC").home().unregister(gone);

        await().atMost(Duration.ofSeconds(20)).until(() -> stateAtTop("CommodityTradingPortType") == InstanceState.STANDBY);
        Registrations.register(tree.get("UBC").home(), providers.all().get(1));
        await().atMost(Duration.ofSeconds(20)).until(() -> stateAtTop("CommodityTradingPortType") == InstanceState.OPERATIONAL);
        assertThat(failed.get()).isZero();
    }

    private InstanceState stateAtTop(String portType) throws Exception {
        return tree.get("UF").home().getServiceInfo(new org.servicedomain.home.v1.GetServiceInfo()).getInstance().stream()
                .filter(i -> i.getPortType().getLocalPart().equals(portType)).map(i -> i.getState()).findFirst().orElse(null);
    }
}
