package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
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
 */
class RefusalPauseTest {

    private static final String PORT = "StockQuotePortType";
    private static final long PAUSE_MS = 1000;

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("p1").configured(c -> c.maxConnectionsPerInstance(1));

    @ParameterizedTest
    @EnumSource(VirtualPortEntry.class)
    void aClientRetryingAtOnceOnItsConnectionIsAnsweredNoSoonerThanThePause(VirtualPortEntry entry) throws Exception {
        domain.setup().provider(domain.provider("p1"), null);
        domain.setup().policy("<policy xmlns=\"urn:sd:policy:1\"><priorityClasses defaultTimeoutMs=\"30000\" queueLength=\"1\""
                + " refusalPauseMs=\"" + PAUSE_MS + "\"/></policy>");
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

    private static String getQuote(URI port) {
        byte[] body = SoapExchange.soap11(null, StockQuoteCalls.getQuoteBody("LOW")).getBytes(StandardCharsets.UTF_8);
        return "POST " + port.getPath() + " HTTP/1.1\r\nHost: localhost:" + port.getPort() + "\r\n"
                + "Content-Type: text/xml; charset=UTF-8\r\nSOAPAction: " + StockQuoteCalls.GET_QUOTE_ACTION + "\r\n"
                + "Content-Length: " + body.length + "\r\n\r\n" + new String(body, StandardCharsets.ISO_8859_1);
    }
}
