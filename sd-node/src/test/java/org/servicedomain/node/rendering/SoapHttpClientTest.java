package org.servicedomain.node.rendering;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.servicedomain.node.TestInstances;
import org.servicedomain.node.core.DispatchException;
import org.servicedomain.node.core.ProviderReply;

/** The outbound client against a real loopback server that takes requests and never answers. */
class SoapHttpClientTest {

    private final CountDownLatch released = new CountDownLatch(1);
    private final ExecutorService handlers = Executors.newCachedThreadPool();
    private HttpServer silent;
    private SoapHttpClient client;

    @BeforeEach
    void aServerThatNeverAnswers() throws IOException {
        silent = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        silent.createContext("/", exchange -> {
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            exchange.close();
        });
        silent.setExecutor(handlers);
        silent.start();
        client = new SoapHttpClient("test", Duration.ofSeconds(5), 4, 4, 1 << 20);
    }

    @AfterEach
    void stop() {
        released.countDown();
        client.close();
        silent.stop(0);
        handlers.shutdownNow();
    }

    @Test
    void aZeroTimeoutTimesOutInsteadOfWaitingForever() {
        String address = "http://127.0.0.1:" + silent.getAddress().getPort() + "/provider";

        CompletableFuture<ProviderReply> reply = client.post(address, TestInstances.request(), Duration.ZERO);

        assertThat(reply).failsWithin(Duration.ofSeconds(30)).withThrowableOfType(ExecutionException.class)
                .havingCause().isInstanceOf(DispatchException.class);
    }
}
