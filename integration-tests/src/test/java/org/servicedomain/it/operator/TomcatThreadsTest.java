package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeConfig;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * The embedded Tomcat keeps exactly the request threads it is given ({@code --tomcat-threads}): a few busy threads
 * instead of a pool that wakes an idle one per request (docs/deploy.md), and more calls at once than threads
 * wait their turn rather than being refused.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class TomcatThreadsTest {

    private static final int THREADS = 3;
    private static final int CALLS = 40;

    @TempDir
    Path dataDir;

    @Test
    void tomcatServesEveryCallOfABurstLargerThanItsThreadsWithExactlyTheThreadsItWasGiven() throws Exception {
        try (ProviderFleet providers = ProviderFleet.stockQuotes("quote-a");
                // on a port of its own: Tomcat names the threads of a connector on port 0 "auto-N", not by port
                RunningNode node = RunningNode.start(NodeConfig.builder(dataDir).tomcatThreads(THREADS).build(), freePort())) {
            new DomainSetup(node.home()).provider(providers.named("quote-a"), null);
            URI port = VirtualPortEntry.TOMCAT.address(node, "StockQuotePortType");
            ExecutorService callers = Executors.newFixedThreadPool(CALLS);
            try {
                List<CompletableFuture<SoapReply>> replies = IntStream.range(0, CALLS)
                        .mapToObj(i -> CompletableFuture.supplyAsync(() -> StockQuoteCalls.getQuote(port, "ACME"), callers))
                        .toList();

                assertThat(replies).allSatisfy(reply -> assertThat(reply.get(30, TimeUnit.SECONDS).status()).isEqualTo(200));
            } finally {
                callers.shutdownNow();
            }
            assertThat(requestThreadsOf(port.getPort())).isEqualTo(THREADS);
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    /** Tomcat names a connector's request threads {@code http-nio-ADDRESS-PORT-exec-N}. */
    private static long requestThreadsOf(int tomcatPort) {
        String prefix = "-" + tomcatPort + "-exec-";
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.getName().startsWith("http-nio-") && t.getName().contains(prefix))
                .count();
    }
}
