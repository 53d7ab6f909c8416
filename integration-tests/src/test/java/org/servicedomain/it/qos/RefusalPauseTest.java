package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.servicedomain.node.DrainConfig;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.PortFlows;
import org.servicedomain.testsupport.RawHttp;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.VirtualPortEntry;

/**
 * A client refused {@code Overloaded} cannot spin on refusals: on the relay the node reads that
 * connection's next request only after the policy's {@code refusalPauseMs}; Tomcat, which cannot hold
 * a connection's next request (and closes it after any 500), holds the refusal itself that long. Either
 * way a client that retries at once gets its second refusal no sooner than the pause after its first.
 * A refusal Tomcat holds is written at once when its servlet is destroyed, not dropped.
 */
class RefusalPauseTest {

    private static final String PORT = "StockQuotePortType";
    private static final long PAUSE_MS = 1000;
    /** The longest pause a policy may set. */
    private static final long LONGEST_PAUSE_MS = 10_000;

    /** The node stops with no drain grace, so Tomcat destroys its servlets while a refusal is still held. */
    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("p1")
            .configured(c -> c.maxConnectionsPerInstance(1).drain(new DrainConfig(Duration.ZERO, Duration.ZERO)));

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aClientRetryingAtOnceOnItsConnectionIsAnsweredNoSoonerThanThePause(VirtualPortEntry entry) throws Exception {
        domain.setup().provider(domain.provider("p1"), null);
        domain.setup().policy(pausing(PAUSE_MS));
        URI port = entry.address(domain.node(), PORT);
        ExecutorService callers = Executors.newFixedThreadPool(2);
        try {
            // one connection to the instance: one call is in service, one fills the low queue
            List<Future<SoapReply>> held = new PortFlows(domain.node(), PORT)
                    .fillLowQueue(port, domain.provider("p1"), Duration.ofSeconds(8), callers);

            RawHttp.Connection client = RawHttp.open(port, Duration.ofSeconds(20));
            try {
                RawHttp.Answer first = client.exchange(getQuote(port));
                long firstAnswered = System.nanoTime();
                if (first.text().contains("Connection: close")) {
                    client.close(); // Tomcat closes the connection after any 500
                    client = RawHttp.open(port, Duration.ofSeconds(20));
                }
                RawHttp.Answer second = client.exchange(getQuote(port));
                long waitedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - firstAnswered);

                assertThat(first.text()).as(first.text()).contains("Overloaded");
                assertThat(second.text()).as(second.text()).contains("Overloaded");
                assertThat(waitedMs).as("ms from the first refusal to the second").isGreaterThanOrEqualTo(PAUSE_MS - 50);
            } finally {
                client.close();
            }
            assertThat(held).noneMatch(Future::isDone);
        } finally {
            domain.provider("p1").setDelayMs(0);
            callers.shutdownNow();
        }
    }

    @Test
    void writesHeldRefusalsAtOnceWhenTheServletIsDestroyed() throws Exception {
        domain.setup().provider(domain.provider("p1"), null);
        domain.setup().policy(pausing(LONGEST_PAUSE_MS));
        URI port = VirtualPortEntry.TOMCAT.address(domain.node(), PORT);
        PortFlows flows = new PortFlows(domain.node(), PORT);
        ExecutorService callers = Executors.newFixedThreadPool(3);
        try {
            flows.fillLowQueue(port, domain.provider("p1"), Duration.ofSeconds(8), callers);
            Future<RawHttp.Answer> refused = callers.submit(() -> RawHttp.send(port, getQuote(port), Duration.ofSeconds(20)));
            await().atMost(Duration.ofSeconds(10)).pollInterval(Duration.ofMillis(50))
                    .until(() -> flows.flow("low").getDropped() == 1); // refused, and its answer held for the pause
            long stopping = System.nanoTime();

            domain.node().stop(); // Tomcat stops, and destroys the servlet

            RawHttp.Answer answer = refused.get(LONGEST_PAUSE_MS, TimeUnit.MILLISECONDS);
            long answeredMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stopping);
            assertThat(answer.status()).as(answer.text()).isEqualTo(500);
            assertThat(answer.text()).contains("faultstring").contains("Overloaded");
            assertThat(answeredMs).as("ms from the stop to the refusal").isLessThan(LONGEST_PAUSE_MS / 2);
        } finally {
            domain.provider("p1").setDelayMs(0);
            callers.shutdownNow();
        }
    }

    private static String pausing(long pauseMs) {
        return "<policy xmlns=\"urn:sd:policy:1\"><priorityClasses defaultTimeoutMs=\"30000\" queueLength=\"1\""
                + " refusalPauseMs=\"" + pauseMs + "\"/></policy>";
    }

    private static String getQuote(URI port) {
        byte[] body = SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("LOW")).getBytes(StandardCharsets.UTF_8);
        return "POST " + port.getPath() + " HTTP/1.1\r\nHost: localhost:" + port.getPort() + "\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: " + StockQuoteCalls.GET_QUOTE_ACTION + "\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n" + new String(body, StandardCharsets.ISO_8859_1);
    }
}
