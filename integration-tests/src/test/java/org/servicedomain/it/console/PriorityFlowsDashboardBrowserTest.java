package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.PrometheusText;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.StockQuoteCalls;

/** What an operator sees of the priority classes: the flows on the dashboard, instance capacities, the metrics. */
class PriorityFlowsDashboardBrowserTest {

    private static final String PORT = "StockQuotePortType";
    /** Client threads calling in a loop: enough that every allocation round sees more demand than the node's 2 req/s. */
    private static final int CLIENTS = 4;

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");


    private RunningNode node;
    private ProviderFleet providers;
    private NodeClient root;

    @BeforeEach
    void startNodeWithConsole() {
        node = console.node();
        providers = console.providers();
        root = console.root();
        browser.at(node.consoleUri());
    }

    @Test
    void theDashboardShowsEachFlowWithWhatBoundItAndEachInstancesCapacity() {
        root.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of("capacityTps", "50"));
        root.setPolicy("<policy xmlns=\"urn:sd:policy:1\"><priorityClasses nodeCapacityTps=\"2\" defaultTimeoutMs=\"300\""
                + " allocationIntervalMs=\"500\"/></policy>");
        URI port = node.virtualPortAddress(PORT);
        AtomicBoolean calling = new AtomicBoolean(true);
        ExecutorService client = Executors.newFixedThreadPool(CLIENTS);
        try {
            for (int c = 0; c < CLIENTS; c++) {
                client.submit(() -> {
                    for (int i = 0; i < 5_000 && calling.get(); i++) {
                        StockQuoteCalls.getQuote(port, "ACME");
                    }
                });
            }
            await().atMost(Duration.ofSeconds(30)).until(() -> root.getServiceInfo().getFlow().stream()
                    .anyMatch(f -> f.getPriorityClass().equals("low") && f.getBoundBy().equals("node")));

            browser.signIn("root", "root-pw").open("/dashboard");

            String low = "section.port[data-port='" + PORT + "'] tr.flow[data-class='low'] ";
            assertThat(browser.text(By.cssSelector(low + ".bound-by"))).isEqualTo("node");
            assertThat(browser.text(By.cssSelector(low + ".allocation"))).isEqualTo("2.0/s");
            assertThat(browser.text(By.cssSelector("section.port[data-port='" + PORT + "'] td.capacity"))).isEqualTo("50.0/s");
            browser.screenshot("13-dashboard-priority-flows");
            PrometheusText metrics = PrometheusText.parse(SoapExchange.get(URI.create(node.baseUri() + "/metrics")).text());
            assertThat(metrics.sum("sd_qos_allocation_tps", Map.of("virtual_port", PORT, "class", "low"))).isCloseTo(2.0, within(1e-6));
            assertThat(metrics.sum("sd_qos_admitted_total", Map.of("virtual_port", PORT, "class", "low"))).isPositive();
        } finally {
            calling.set(false);
            client.shutdown();
        }
    }
}
