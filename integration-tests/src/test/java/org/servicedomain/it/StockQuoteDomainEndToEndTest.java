package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.GeneratedClient;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The foundation's story end to end over real HTTP: three stock-quote providers register through
 * the home port, a client generated from the virtual port's WSDL calls the node, providers fail
 * and the node restarts, and the client never sees a failure another instance could absorb.
 */
class StockQuoteDomainEndToEndTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b", "quote-c");

    private List<Registration> registrations;

    @BeforeEach
    void startNodeAndRegisterThreeProviders() throws Exception {
        registrations = new ArrayList<>();
        for (SampleProvider provider : domain.providers().all()) {
            registrations.add(Registrations.register(domain.node().home(), provider));
        }
    }

    @Test
    void registeringThreeProvidersOfOnePortTypeYieldsOneVirtualPortPointingAtTheNode() {
        assertThat(registrations).extracting(Registration::getVirtualPort).containsOnly("StockQuotePortType");
        assertThat(registrations).extracting(Registration::getInstanceId).doesNotHaveDuplicates();
        assertThat(registrations.get(0).getVirtualPortAddress())
                .isEqualTo(domain.node().virtualPortAddress("StockQuotePortType").toString());
    }

    @Test
    void generatedClientReachesEveryProviderInTurn() throws Exception {
        try (GeneratedClient client = GeneratedClient.fromWsdl(domain.node().virtualPortWsdl("StockQuotePortType"),
                Duration.ofSeconds(30))) {
            assertThat(client.address()).isEqualTo(domain.node().virtualPortAddress("StockQuotePortType").toString());
            List<String> servedBy = new ArrayList<>();
            for (int i = 0; i < 6; i++) {
                servedBy.add(providerOf(client.invoke("getQuote", Map.of("symbol", "ACME"))));
            }
            assertThat(servedBy.subList(0, 3)).containsExactlyInAnyOrder("quote-a", "quote-b", "quote-c");
            assertThat(servedBy.subList(3, 6)).isEqualTo(servedBy.subList(0, 3));
        }
    }

    @Test
    void stoppingAProviderWithRequestsInFlightCausesNoClientVisibleError() throws Exception {
        int threads = 8;
        int callsPerThread = 60;
        AtomicInteger completed = new AtomicInteger();
        List<String> errors = new CopyOnWriteArrayList<>();
        Map<String, AtomicInteger> servedBy = new ConcurrentHashMap<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < callsPerThread; i++) {
                        SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME");
                        if (reply.status() != 200) {
                            errors.add("HTTP " + reply.status() + ": " + reply.text());
                        } else {
                            servedBy.computeIfAbsent(StockQuoteCalls.servedBy(reply), k -> new AtomicInteger())
                                    .incrementAndGet();
                        }
                        completed.incrementAndGet();
                    }
                }));
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> completed.get() >= threads * callsPerThread / 3);
            domain.provider("quote-b").stop();
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertThat(errors).isEmpty();
        assertThat(servedBy.keySet()).containsExactlyInAnyOrder("quote-a", "quote-b", "quote-c");
        assertThat(instance("quote-b").getFailures()).isPositive();
    }

    @Test
    void withEveryProviderStoppedTheClientGetsNoInstanceAvailableNamingEachAttempt() {
        domain.providers().all().forEach(SampleProvider::stop);

        SoapReply reply = StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME");

        assertThat(reply.status()).isEqualTo(500);
        assertThat(reply.faultCode()).contains("NoInstanceAvailable");
        assertThat(reply.parse().getElementsByTagNameNS(SoapReply.SD_NS, "attempt").getLength()).isEqualTo(3);
        for (Registration r : registrations) {
            assertThat(reply.text()).contains(r.getInstanceId());
        }
    }

    @Test
    void restartedNodeKeepsItsCatalogAndServesWithoutTheProvidersWsdlUrls() throws Exception {
        domain.providers().all().forEach(SampleProvider::stop);
        domain.node().restart();

        assertThat(domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance())
                .extracting(InstanceInfo::getInstanceId)
                .containsExactlyElementsOf(registrations.stream().map(Registration::getInstanceId).toList());
        domain.providers().all().forEach(SampleProvider::restart);
        try (GeneratedClient client = GeneratedClient.fromWsdl(domain.node().virtualPortWsdl("StockQuotePortType"),
                Duration.ofSeconds(30))) {
            assertThat(providerOf(client.invoke("getQuote", Map.of("symbol", "ACME")))).startsWith("quote-");
        }
    }

    private InstanceInfo instance(String providerName) throws Exception {
        GetServiceInfoResponse info = domain.node().home().getServiceInfo(new GetServiceInfo());
        return info.getInstance().stream()
                .filter(i -> i.getAttribute().stream().anyMatch(a -> a.getValue().equals(providerName)))
                .findFirst().orElseThrow();
    }

    /** The provider named in a getQuote answer from the generated client. */
    private static String providerOf(Map<String, Object> response) {
        return (String) response.get("provider");
    }
}
