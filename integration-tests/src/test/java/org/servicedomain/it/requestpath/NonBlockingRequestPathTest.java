package org.servicedomain.it.requestpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * While a provider works, the node holds no thread for the requests waiting on it: thousands of
 * calls to a slow provider are all served, and the threads inside the node's virtual-port entry
 * stay few however many calls the provider is working on, on Tomcat's entry and on the relay's.
 */
class NonBlockingRequestPathTest {

    private static final int CALLS = 2_000;
    /**
     * 2,000 calls over the 256 connections an instance may have take eight rounds of this: 2.4 s,
     * well inside the 5 s a call may wait for a connection (at 500 ms a round, 4 s of it, a loaded
     * 2-core machine ran past it), so the test shows calls held without threads, not the pool's timeout.
     */
    private static final long PROVIDER_DELAY_MS = 300;
    /** Calls the provider must be working on at once for a thread sample to count. */
    private static final int BUSY_PROVIDER = 100;
    /** The most node threads a sample may find inside the virtual-port entry: far below the calls waiting. */
    private static final int THREAD_BOUND = 16;

    /** The node's two entries of a virtual port, and the class whose frames mark a thread working in each. */
    enum Entry {
        TOMCAT("org.servicedomain.node.entry.port.VirtualPortServlet"),
        RELAY("org.servicedomain.node.entry.port.RelayConnection");

        final String frames;

        Entry(String frames) {
            this.frames = frames;
        }

        URI address(RunningNode node, String port) {
            return this == TOMCAT ? node.virtualPortAddress(port) : node.relayedPortAddress(port);
        }
    }

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("slow");

    @ParameterizedTest
    @EnumSource(Entry.class)
    void twoThousandCallsToASlowProviderAreServedWithoutANodeThreadEach(Entry entry) throws Exception {
        SampleProvider slow = domain.provider("slow");
        Registrations.register(domain.node().home(), slow);
        slow.setDelayMs(PROVIDER_DELAY_MS);
        URI port = entry.address(domain.node(), "StockQuotePortType");
        byte[] body = SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("ACME")).getBytes(StandardCharsets.UTF_8);

        ExecutorService clientThreads = Executors.newFixedThreadPool(4);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).executor(clientThreads)
                .connectTimeout(Duration.ofSeconds(30)).build();
        try {
            List<CompletableFuture<HttpResponse<String>>> calls = new ArrayList<>(CALLS);
            for (int i = 0; i < CALLS; i++) {
                calls.add(client.sendAsync(HttpRequest.newBuilder(port).timeout(Duration.ofSeconds(120))
                        .header("Content-Type", "text/xml; charset=UTF-8")
                        .header("SOAPAction", StockQuoteCalls.GET_QUOTE_ACTION)
                        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString()));
            }
            CompletableFuture<Void> all = CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new));
            Samples samples = sampleWhile(all, slow, entry);

            all.get(180, TimeUnit.SECONDS);
            List<HttpResponse<String>> answers = calls.stream().map(CompletableFuture::join).toList();
            long served = answers.stream().filter(r -> r.statusCode() == 200).count();
            assertThat(served).as(() -> "calls answered 200; the others: " + answers.stream().filter(r -> r.statusCode() != 200)
                    .map(r -> r.statusCode() + " " + r.body()).distinct().limit(3).toList()).isEqualTo(CALLS);
            assertThat(samples.counted).as("thread samples taken while the provider worked on " + BUSY_PROVIDER
                    + " or more calls").isPositive();
            assertThat(samples.peakInEntry).as("node threads inside the virtual-port entry while the provider worked on up to "
                    + samples.peakAtProvider + " calls").isLessThanOrEqualTo(THREAD_BOUND);
        } finally {
            clientThreads.shutdownNow();
        }
    }

    /** The most threads found inside the entry in a sample taken while the provider was busy. */
    private static final class Samples {
        int counted;
        int peakInEntry;
        long peakAtProvider;
    }

    private static Samples sampleWhile(CompletableFuture<Void> calls, SampleProvider provider, Entry entry)
            throws InterruptedException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        Samples samples = new Samples();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(180);
        while (!calls.isDone() && System.nanoTime() < until) {
            long atProvider = provider.requestsReceived() - provider.requestsServed();
            int inEntry = 0;
            for (ThreadInfo info : threads.dumpAllThreads(false, false)) {
                if (info != null && inEntry(info, entry)) {
                    inEntry++;
                }
            }
            if (atProvider >= BUSY_PROVIDER) {
                samples.counted++;
                samples.peakInEntry = Math.max(samples.peakInEntry, inEntry);
                samples.peakAtProvider = Math.max(samples.peakAtProvider, atProvider);
            }
            TimeUnit.MILLISECONDS.sleep(20);
        }
        return samples;
    }

    private static boolean inEntry(ThreadInfo info, Entry entry) {
        for (StackTraceElement frame : info.getStackTrace()) {
            if (frame.getClassName().startsWith(entry.frames)) {
                return true;
            }
        }
        return false;
    }
}
