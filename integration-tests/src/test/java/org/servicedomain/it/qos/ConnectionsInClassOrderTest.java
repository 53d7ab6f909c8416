package org.servicedomain.it.qos;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.servicedomain.home.v1.GetServiceInfo;
import org.servicedomain.testsupport.DomainSetup;
import org.servicedomain.testsupport.NodeWithProviders;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * An instance's connections are a queue like the class queues: with priority classes, calls beyond
 * what an instance may hold wait in their class's order in the node, not first come first served
 * for a pooled connection, so a high call never waits behind low calls for a connection.
 */
class ConnectionsInClassOrderTest {

    private static final String PORT = "StockQuotePortType";

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("p1").configured(c -> c.maxConnectionsPerInstance(4));

    @Test
    void aHighCallPassesLowCallsWaitingForTheInstancesConnections() throws Exception {
        DomainSetup setup = domain.setup();
        domain.provider("p1").setDelayMs(100);
        setup.provider(domain.provider("p1"), null);
        setup.policy("<policy xmlns=\"urn:sd:policy:1\"><serviceLevels><userLevel name=\"gold\"/><userLevel name=\"bronze\"/>"
                + "</serviceLevels><priorityClasses defaultTimeoutMs=\"30000\">"
                + "<qos class=\"high\" timeoutMs=\"1000\" userLevel=\"gold\"/></priorityClasses></policy>");
        setup.user("trader", "trader-password", "gold");
        String trader = setup.login("trader", "trader-password");
        URI port = domain.node().virtualPortAddress(PORT);
        List<SoapReply> lowReplies = new CopyOnWriteArrayList<>();
        try (ClosedLoopClients low = ClosedLoopClients.start(60, () -> lowReplies.add(StockQuoteCalls.getQuote(port, "LOW")))) {
            await().atMost(Duration.ofSeconds(30)).untilAsserted(() -> assertThat(lowQueued())
                    .as("low calls waiting in the node; %d answered, the last: %s", lowReplies.size(),
                            lowReplies.isEmpty() ? "none" : lowReplies.get(lowReplies.size() - 1).text())
                    .isGreaterThanOrEqualTo(40));

            List<SoapReply> highReplies = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                highReplies.add(StockQuoteCalls.getQuote(port, "HIGH", trader));
            }

            // 56 low calls wait for one of 4 connections at 100 ms a call: behind them a high call would need ~1,400 ms
            assertThat(highReplies).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
        }
        assertThat(lowReplies).allSatisfy(r -> assertThat(r.status()).as(r.text()).isEqualTo(200));
    }

    private int lowQueued() throws Exception {
        return domain.node().home().getServiceInfo(new GetServiceInfo()).getFlow().stream()
                .filter(f -> f.getVirtualPort().equals(PORT) && f.getPriorityClass().equals("low"))
                .mapToInt(f -> f.getQueued()).sum();
    }
}
