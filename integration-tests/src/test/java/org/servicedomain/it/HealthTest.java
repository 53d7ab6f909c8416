package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.samples.provider.FaultMode;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The node keeps serving while providers fail: a failing instance is ejected after the policy's
 * failures in a row and comes back once its probe passes, and retries stay within the budget.
 */
class HealthTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b", "quote-c");

    private final List<Registration> registrations = new ArrayList<>();

    @BeforeEach
    void threeProviders() throws Exception {
        registrations.addAll(domain.registerAll());
    }

    @Test
    void aFailingInstanceIsEjectedWithoutClientErrorsAndReturnsWhenItsProbePasses() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="round-robin"/>
                    <recovery retries="2"/>
                    <health ejectAfterFailures="2" probeIntervalMs="100" maxProbeIntervalMs="400"/>
                  </defaults>
                </policy>
                """);
        domain.provider("quote-b").stop();
        for (int i = 0; i < 30; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }
        InstanceInfo ejected = instance("quote-b");
        assertThat(ejected.getState()).isEqualTo(InstanceState.DOWN);
        assertThat(ejected.getFailures()).as("no dispatch after the ejection").isEqualTo(2);

        domain.provider("quote-b").restart();

        await().atMost(Duration.ofSeconds(20)).until(() -> instance("quote-b").getState() == InstanceState.OPERATIONAL);
        long before = domain.provider("quote-b").requestsReceived();
        for (int i = 0; i < 6; i++) {
            assertThat(quote().status()).isEqualTo(200);
        }
        assertThat(domain.provider("quote-b").requestsReceived()).isGreaterThan(before);
    }

    @Test
    void withEveryProviderFailingRetriesDoNotMultiplyTheLoad() throws Exception {
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="round-robin"/>
                    <recovery retries="2" retryBudgetPercent="20"><idempotent operation="getQuote"/></recovery>
                    <health ejectAfterFailures="1000"/>
                  </defaults>
                </policy>
                """);
        domain.providers().all().forEach(p -> p.setFaultMode(FaultMode.HTTP_500_PLAIN));
        int clients = 16;
        int callsEach = 15;
        ExecutorService pool = Executors.newFixedThreadPool(clients);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                runs.add(pool.submit(() -> {
                    for (int i = 0; i < callsEach; i++) {
                        assertThat(quote().faultCode()).contains("NoInstanceAvailable");
                    }
                }));
            }
            for (Future<?> run : runs) {
                run.get(60, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        long received = domain.providers().all().stream().mapToLong(SampleProvider::requestsReceived).sum();
        double perClientRequest = (double) received / (clients * callsEach);
        assertThat(perClientRequest).as("provider requests per client request, 3.0 without a budget").isLessThan(2.0);
    }

    private SoapReply quote() {
        URI port = domain.node().virtualPortAddress("StockQuotePortType");
        return StockQuoteCalls.getQuote(port, "ACME");
    }

    private InstanceInfo instance(String providerName) throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getInstance().stream()
                .filter(i -> i.getAttribute().stream().anyMatch(a -> a.getValue().equals(providerName)))
                .findFirst().orElseThrow();
    }
}
