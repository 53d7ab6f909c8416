package org.servicedomain.it.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.awaitility.Awaitility.await;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.home.v1.HomeFault;
import org.servicedomain.home.v1.HomePortType;
import org.servicedomain.home.v1.Register;
import org.servicedomain.home.v1.Unregister;
import org.servicedomain.node.core.StateLimits;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/** Register and unregister churn leaves nothing behind: heap, metrics and cached WSDLs stay within bounds. */
class BoundedStateTest {

    private static final int CYCLES = 1_000;
    private static final long MAX_HEAP_GROWTH = 12L * 1024 * 1024;
    private static final int LATE_CYCLES = 100;
    private static final long LATE_DELAY_MS = 150;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a", "quote-b");

    @RegisterExtension
    final NodeWithProviders capped = NodeWithProviders.stockQuotes("quote-c")
            .configured(c -> c.stateLimits(new StateLimits(3, 2, 10, 1L << 20)));

    @Test
    void aThousandRegisterUnregisterCyclesLeaveHeapAndMetricsWithinBounds() {
        HomePortType home = domain.node().home();
        for (int i = 0; i < 50; i++) {
            cycle(home, "warm-" + i);
        }
        long heapBefore = liveHeap();
        int metricLinesBefore = metricLines();

        for (int i = 0; i < CYCLES; i++) {
            cycle(home, "cycle-" + i);
        }

        long growth = liveHeap() - heapBefore;
        assertThat(growth).as("live heap growth in bytes over %d cycles", CYCLES).isLessThan(MAX_HEAP_GROWTH);
        assertThat(metricLines()).isLessThanOrEqualTo(metricLinesBefore + 20);
        assertThat(NodeClient.connect(domain.node().baseUri()).getServiceInfo().getInstance()).isEmpty();
        assertThat(cachedWsdls()).isLessThanOrEqualTo(1);
    }

    @Test
    void requestsStillInFlightWhenTheirInstanceGoesLeaveNoMetricsBehind() throws Exception {
        SampleProvider slow = domain.provider("quote-b");
        slow.setDelayMs(LATE_DELAY_MS);
        HomePortType home = domain.node().home();
        lateCycle(home, slow, "late-warm");
        int metricLinesBefore = metricLines();

        for (int i = 0; i < LATE_CYCLES; i++) {
            lateCycle(home, slow, "late-" + i);
        }

        assertThat(metricLines()).as("metric lines after %d instances went with a request in flight", LATE_CYCLES)
                .isLessThanOrEqualTo(metricLinesBefore + 20);
    }

    @Test
    void theCachedWsdlOfAnUnregisteredInstanceIsDeleted() throws Exception {
        domain.setup().provider(domain.provider("quote-a"), null);
        String b = domain.setup().provider(domain.provider("quote-b"), null).getInstanceId();
        assertThat(cachedWsdls()).isEqualTo(2); // each provider's WSDL names its own address

        NodeClient.connect(domain.node().baseUri()).unregister(b);

        assertThat(cachedWsdls()).isEqualTo(1);
    }

    @Test
    void aProviderCannotRegisterMoreInstancesThanItsCapNorTheNodeMoreThanItsTotal() {
        NodeClient anonymous = NodeClient.connect(capped.node().baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        NodeClient root = anonymous.withSession(anonymous.login("root", "root-pw").sessionId());
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        NodeClient alice = anonymous.withSession(anonymous.login("alice", "alice-pw").sessionId());
        String wsdl = capped.provider("quote-c").wsdlAddress().toString();
        String endpoint = capped.provider("quote-c").address().toString();

        register(alice, wsdl, endpoint + "?n=1");
        register(alice, wsdl, endpoint + "?n=2");
        NodeClientException perProvider = catchThrowableOfType(NodeClientException.class,
                () -> register(alice, wsdl, endpoint + "?n=3"));
        register(root, wsdl, endpoint + "?n=4");
        NodeClientException total = catchThrowableOfType(NodeClientException.class,
                () -> register(root, wsdl, endpoint + "?n=5"));

        assertThat(perProvider.code()).isEqualTo("BadRequest");
        assertThat(perProvider.getMessage()).contains("maximum of 2 instances");
        assertThat(total.code()).isEqualTo("BadRequest");
        assertThat(total.getMessage()).contains("maximum of 3 instances");
        register(alice, wsdl, endpoint + "?n=1"); // re-registering one of its own is no new instance
        assertThat(root.getServiceInfo().getDataBytes()).isPositive();
    }

    private static void register(NodeClient client, String wsdl, String endpoint) {
        client.registerAt(wsdl, endpoint);
    }

    /**
     * A new instance comes, serves a request and goes; each one's WSDL location is spelled apart
     * ({@code ?wsdl&cycle=N}), as a provider that versions its WSDL URL would register it.
     */
    private void cycle(HomePortType home, String name) {
        Register register = new Register();
        register.setWsdlLocation(domain.provider("quote-a").wsdlAddress() + "&cycle=" + name);
        register.setEndpointAddress(domain.provider("quote-a").address() + "?instance=" + name);
        Unregister unregister = new Unregister();
        try {
            unregister.setInstanceId(home.register(register).getRegistration().get(0).getInstanceId());
            assertThat(StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME").status())
                    .isEqualTo(200);
            home.unregister(unregister);
        } catch (HomeFault e) {
            throw new AssertionError(e);
        }
    }

    /** An instance comes, takes a request, and goes while the provider still works on it; the answer arrives late. */
    private void lateCycle(HomePortType home, SampleProvider provider, String name) throws Exception {
        Register register = new Register();
        register.setWsdlLocation(provider.wsdlAddress().toString());
        register.setEndpointAddress(provider.address() + "?instance=" + name);
        Unregister unregister = new Unregister();
        unregister.setInstanceId(home.register(register).getRegistration().get(0).getInstanceId());
        long received = provider.requestsReceived();
        CompletableFuture<SoapReply> call = CompletableFuture.supplyAsync(
                () -> StockQuoteCalls.getQuote(domain.node().virtualPortAddress("StockQuotePortType"), "ACME"));
        await().atMost(Duration.ofSeconds(10)).until(() -> provider.requestsReceived() > received);
        home.unregister(unregister);
        assertThat(call.get(10, TimeUnit.SECONDS).status()).isEqualTo(200);
    }

    private long cachedWsdls() {
        try (Stream<Path> files = Files.walk(domain.dataDir())) {
            return files.filter(f -> f.getFileName().toString().endsWith(".wsdl")).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private int metricLines() {
        return SoapExchange.get(URI.create(domain.node().baseUri() + "/metrics")).text().split("\n").length;
    }

    private static long liveHeap() {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        long least = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            least = Math.min(least, memory.getHeapMemoryUsage().getUsed());
        }
        return least;
    }
}
