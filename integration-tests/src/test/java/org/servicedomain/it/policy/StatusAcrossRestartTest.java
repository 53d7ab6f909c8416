package org.servicedomain.it.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.StockQuoteCalls;

/** What selection learnt before a restart (response times for {@code fastest}) is still known after it. */
class StatusAcrossRestartTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-slow", "quote-quick");

    @Test
    void fastestStillPrefersTheInstanceMeasuredFastAfterARestartWithoutMeasuringAgain() throws Exception {
        domain.registerAll();
        domain.setup().policy("""
                <policy xmlns="urn:sd:policy:1">
                  <defaults><selection directive="fastest"/></defaults>
                </policy>
                """);
        domain.provider("quote-slow").setDelayMs(300);
        assertThat(served()).as("unmeasured instances go first, in turn").isEqualTo("quote-slow");
        assertThat(served()).isEqualTo("quote-quick");
        assertThat(served()).isEqualTo("quote-quick");

        domain.node().restart();

        long slowBefore = domain.provider("quote-slow").requestsReceived();
        for (int i = 0; i < 4; i++) {
            assertThat(served()).as("a node that forgot the measures would try quote-slow first").isEqualTo("quote-quick");
        }
        assertThat(domain.provider("quote-slow").requestsReceived()).isEqualTo(slowBefore);
    }

    @Test
    void aCorruptStatusFileDoesNotStopTheNodeFromStarting() throws Exception {
        domain.registerAll();
        domain.node().stop();
        Path status = domain.node().config().dataDir().resolve("status");
        Files.createDirectories(status);
        Files.writeString(status.resolve("fixed-choices.json"), "{\"version\":1,\"choices\":[{");
        Files.writeString(status.resolve("instance-latency.json"), "not json");

        domain.node().restart();

        assertThat(served()).startsWith("quote-");
    }

    private String served() {
        return StockQuoteCalls.servedBy(StockQuoteCalls.getQuote(port(), "ACME"));
    }

    private URI port() {
        return domain.node().virtualPortAddress("StockQuotePortType");
    }
}
