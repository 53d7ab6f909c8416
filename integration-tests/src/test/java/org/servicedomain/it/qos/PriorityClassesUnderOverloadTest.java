package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.FlowInfo;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Priority classes on a real node with slow providers of a set capacity: under overload the high
 * class keeps being served while the low class is shed, a request whose deadline comes while it
 * waits is answered Timeout without reaching a provider, and a policy swap under load loses nothing.
 */
class PriorityClassesUnderOverloadTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("p1", "p2");

    @Test
    void underOverloadTheHighClassKeepsBeingServedAndTheLowClassIsShedFirst() throws Exception {
        DomainSetup setup = domain.setup();
        for (String name : List.of("p1", "p2")) {
            domain.provider(name).setDelayMs(100);
            setup.provider(domain.provider(name), null, "capacityTps=5");
        }
        setup.policy(policy("<priorityClasses defaultTimeoutMs=\"400\" allocationIntervalMs=\"300\">"
                + "<qos class=\"high\" timeoutMs=\"10000\" userLevel=\"gold\"/></priorityClasses>"));
        String trader = user(setup, "trader", "gold");
        String batch = user(setup, "batch", "bronze");
        URI port = domain.node().virtualPortAddress(PORT);
        List<SoapReply> lowReplies = new CopyOnWriteArrayList<>();
        try (ClosedLoopClients low = ClosedLoopClients.start(8, () -> lowReplies.add(StockQuoteCalls.getQuote(port, "LOW", batch)))) {
            await().atMost(Duration.ofSeconds(30)).until(() -> flow("low").map(f -> !"demand".equals(f.getBoundBy())).orElse(false));

            List<SoapReply> highReplies = paced(16, Duration.ofMillis(250), () -> StockQuoteCalls.getQuote(port, "HIGH", trader));

            assertThat(highReplies).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
            FlowInfo lowFlow = flow("low").orElseThrow();
            assertThat(lowFlow.getTimedOut() + lowFlow.getDropped()).isPositive();
            assertThat(lowFlow.getAllocationTps()).isLessThan(lowFlow.getDemandTps());
            assertThat(flow("high").orElseThrow().getTimedOut()).isZero();
        }
        assertThat(lowReplies).anySatisfy(r -> assertThat(r.faultCode()).contains("Timeout"));
    }

    @Test
    void aProviderThatQueuesInsideGetsOnlyWhatItServesAtOnceWhileTheExcessWaitsInTheClassQueues() throws Exception {
        DomainSetup setup = domain.setup();
        SampleProvider provider = domain.provider("p1");
        provider.setDelayMs(100);
        provider.setWorkers(4);
        setup.provider(provider, null); // no capacity declared: the node must find it
        setup.policy(policy("<priorityClasses defaultTimeoutMs=\"30000\">"
                + "<qos class=\"high\" timeoutMs=\"30000\" userLevel=\"gold\"/></priorityClasses>"));
        String trader = user(setup, "trader", "gold");
        String batch = user(setup, "batch", "bronze");
        URI port = domain.node().virtualPortAddress(PORT);
        List<SoapReply> lowReplies = new CopyOnWriteArrayList<>();
        try (ClosedLoopClients low = ClosedLoopClients.start(16, () -> lowReplies.add(StockQuoteCalls.getQuote(port, "LOW", batch)))) {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                    .until(() -> provider.waitingForWorker() == 0 && flow("low").map(f -> f.getQueued() > 0).orElse(false));

            List<Integer> queuedInside = new CopyOnWriteArrayList<>();
            List<SoapReply> highReplies = paced(12, Duration.ofMillis(250), () -> {
                queuedInside.add(provider.waitingForWorker());
                return StockQuoteCalls.getQuote(port, "HIGH", trader);
            });

            assertThat(highReplies).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
            // 16 callers of a provider that serves 4 at once: without the limit 12 wait inside it
            assertThat(queuedInside.stream().mapToInt(Integer::intValue).average().orElseThrow())
                    .as("calls queued inside the provider as each high call arrived: %s", queuedInside).isLessThan(2.0);
            assertThat(flow("low").orElseThrow().getQueued()).as("the excess waits in the node").isPositive();
        }
        assertThat(lowReplies).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
    }

    @Test
    void noHighCallWaitsInsideAProviderBehindTheLowFloodThatKeepsItFull() throws Exception {
        DomainSetup setup = domain.setup();
        for (String name : List.of("p1", "p2")) {
            domain.provider(name).setDelayMs(100);
            domain.provider(name).setWorkers(4);
            setup.provider(domain.provider(name), null); // 40 a second each, not declared
        }
        setup.policy(policy("<priorityClasses defaultTimeoutMs=\"30000\">"
                + "<qos class=\"high\" timeoutMs=\"30000\" userLevel=\"gold\"/></priorityClasses>"));
        String trader = user(setup, "trader", "gold");
        String batch = user(setup, "batch", "bronze");
        URI port = domain.node().virtualPortAddress(PORT);
        AtomicInteger lowServed = new AtomicInteger();
        try (ClosedLoopClients low = ClosedLoopClients.start(24, () -> {
            if (StockQuoteCalls.getQuote(port, "LOW", batch).status() == 200) {
                lowServed.incrementAndGet();
            }
        })) {
            await().atMost(Duration.ofSeconds(60)).pollInterval(Duration.ofMillis(50))
                    .until(() -> flow("low").map(f -> f.getQueued() > 0).orElse(false) && knownGoodLimitMeasured());
            long highQueuedBefore = highQueuedInsideProviders();
            int lowBefore = lowServed.get();

            List<SoapReply> highReplies = paced(60, Duration.ofMillis(100), () -> StockQuoteCalls.getQuote(port, "HIGH", trader));

            assertThat(highReplies).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
            // 24 low callers of providers that serve 8 at once: the limits probe above what they serve, but only low calls do
            assertThat(highQueuedInsideProviders() - highQueuedBefore).as("high calls that waited for a provider's worker")
                    .isZero();
            assertThat(lowServed.get() - lowBefore).as("low calls served in the 6 s the high calls ran (80 a second at most)")
                    .isGreaterThan(120);
        }
    }

    /** Whether the node measured what the port's instances serve at once without queueing (the high class's bound). */
    private boolean knownGoodLimitMeasured() {
        List<PrometheusText.Sample> knownGood = PrometheusText.scrape(URI.create(domain.node().baseUri() + "/metrics"))
                .samples("sd_qos_known_good_limit_requests", java.util.Map.of("virtual_port", PORT));
        return knownGood.size() == 1 && !Double.isNaN(knownGood.get(0).value());
    }

    private long highQueuedInsideProviders() {
        return domain.provider("p1").queuedForWorker().getOrDefault("HIGH", 0L)
                + domain.provider("p2").queuedForWorker().getOrDefault("HIGH", 0L);
    }

    @Test
    void aRequestStillQueuedAtItsDeadlineGetsTimeoutAndNeverReachesAProvider() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("p1"), null);
        setup.policy(policy("<priorityClasses nodeCapacityTps=\"2\" defaultTimeoutMs=\"300\" allocationIntervalMs=\"200\"/>"));
        URI port = domain.node().virtualPortAddress(PORT);
        await().atMost(Duration.ofSeconds(30)).until(() -> {
            for (int i = 0; i < 3; i++) {
                StockQuoteCalls.getQuote(port, "WARM");
            }
            return flow("low").map(f -> "node".equals(f.getBoundBy())).orElse(false);
        });
        long receivedBefore = domain.provider("p1").requestsReceived();

        List<SoapReply> burst = concurrently(10, () -> StockQuoteCalls.getQuote(port, "BURST"));

        long served = burst.stream().filter(r -> r.status() == 200).count();
        List<SoapReply> timedOut = burst.stream().filter(r -> r.faultCode().equals(Optional.of("Timeout"))).toList();
        assertThat(timedOut).hasSizeGreaterThanOrEqualTo(5)
                .allSatisfy(r -> assertThat(r.text()).contains("not sent to any provider"));
        assertThat(served + timedOut.size()).isEqualTo(burst.size());
        assertThat(domain.provider("p1").requestsReceived() - receivedBefore).isEqualTo(served);
    }

    @Test
    void aClassDeadlineBoundsTheWholeCallNotOnlyItsWaitInTheQueue() throws Exception {
        DomainSetup setup = domain.setup();
        setup.provider(domain.provider("p1"), null);
        domain.provider("p1").setDelayMs(3_000);
        setup.policy(policy("<priorityClasses defaultTimeoutMs=\"800\"/>"));
        URI port = domain.node().virtualPortAddress(PORT);

        SoapReply reply = StockQuoteCalls.getQuote(port, "SLOW");

        assertThat(reply.faultCode()).as(reply.text()).contains("Timeout");
        assertThat(flow("low").orElseThrow().getTimedOut()).isZero(); // it left the queue in time; the provider was too slow
    }

    @Test
    void aPolicySwapUnderLoadChangesClassesWithoutLosingARequest() throws Exception {
        DomainSetup setup = domain.setup();
        for (String name : List.of("p1", "p2")) {
            domain.provider(name).setDelayMs(20);
            setup.provider(domain.provider(name), null);
        }
        String goldHigh = policy("<priorityClasses><qos class=\"high\" timeoutMs=\"20000\" userLevel=\"gold\"/>"
                + "<qos class=\"low\" timeoutMs=\"20000\" userLevel=\"bronze\"/></priorityClasses>");
        String bronzeHigh = policy("<priorityClasses><qos class=\"high\" timeoutMs=\"20000\" userLevel=\"bronze\"/>"
                + "<qos class=\"middle\" timeoutMs=\"20000\" userLevel=\"gold\"/></priorityClasses>");
        setup.policy(goldHigh);
        String trader = user(setup, "trader", "gold");
        String batch = user(setup, "batch", "bronze");
        URI port = domain.node().virtualPortAddress(PORT);
        List<SoapReply> replies = new CopyOnWriteArrayList<>();
        try (ClosedLoopClients clients = ClosedLoopClients.start(4, new Runnable() {
            private final AtomicInteger next = new AtomicInteger();

            @Override
            public void run() {
                replies.add(StockQuoteCalls.getQuote(port, "SWAP", next.getAndIncrement() % 2 == 0 ? trader : batch));
            }
        })) {
            for (int swap = 0; swap < 10; swap++) {
                setup.policy(swap % 2 == 0 ? bronzeHigh : goldHigh);
                int seen = replies.size();
                await().atMost(Duration.ofSeconds(30)).until(() -> replies.size() >= seen + 8);
            }
        }
        assertThat(replies).hasSizeGreaterThan(80).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
        for (String priorityClass : List.of("high", "middle", "low")) {
            assertThat(flow(priorityClass).orElseThrow().getAdmitted()).as(priorityClass).isPositive();
        }
    }

    private Optional<FlowInfo> flow(String priorityClass) throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(PORT) && f.getPriorityClass().equals(priorityClass)).findFirst();
    }

    private static String user(DomainSetup setup, String name, String level) throws Exception {
        setup.user(name, name + "-password", level);
        return setup.login(name, name + "-password");
    }

    private static String policy(String priorityClasses) {
        return "<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><userLevel name=\"gold\"/><userLevel name=\"bronze\"/>"
                + "</serviceLevels>" + priorityClasses + "</policy>";
    }

    /** {@code count} calls, one every {@code period}, each on its own thread; their replies in order. */
    private static List<SoapReply> paced(int count, Duration period, java.util.concurrent.Callable<SoapReply> call)
            throws Exception {
        ScheduledExecutorService pacer = Executors.newScheduledThreadPool(count);
        try {
            List<java.util.concurrent.ScheduledFuture<SoapReply>> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                calls.add(pacer.schedule(call, period.toMillis() * i, TimeUnit.MILLISECONDS));
            }
            List<SoapReply> replies = new ArrayList<>();
            for (java.util.concurrent.ScheduledFuture<SoapReply> c : calls) {
                replies.add(c.get(60, TimeUnit.SECONDS));
            }
            return replies;
        } finally {
            pacer.shutdownNow();
        }
    }

    /** {@code count} calls started at once; their replies. */
    private static List<SoapReply> concurrently(int count, java.util.concurrent.Callable<SoapReply> call) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(count);
        try {
            List<Future<SoapReply>> calls = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                calls.add(pool.submit(call));
            }
            List<SoapReply> replies = new ArrayList<>();
            for (Future<SoapReply> c : calls) {
                replies.add(c.get(60, TimeUnit.SECONDS));
            }
            return replies;
        } finally {
            pool.shutdownNow();
        }
    }
}
