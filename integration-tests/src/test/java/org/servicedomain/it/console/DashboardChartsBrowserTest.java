package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The dashboard's charts in headless Chromium: drawn by the chart library the WAR carries (uPlot,
 * vendored at build time), with a time axis and axes in req/s and ms; and a port nobody has called
 * says so instead of waiting for samples.
 */
class DashboardChartsBrowserTest {

    private static final String CHART = "section.port[data-port='StockQuotePortType'] .chart-box";

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");

    @BeforeEach
    void registerTheProviderUnderAPolicy() {
        NodeClient root = console.root();
        root.register(console.providers().get(0).wsdlAddress().toString(), "Gold", null, Map.of());
        root.setPolicy(AdminConsoleBrowserTest.POLICY);
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        browser.at(console.node().consoleUri());
    }

    @Test
    void eachPortsChartHasATimeAxisAndAxesInRequestsPerSecondAndMilliseconds() {
        String joe = console.root().login("joe", "joe-pw").sessionId();
        URI port = console.node().virtualPortAddress("StockQuotePortType");
        browser.signIn("root", "root-pw").open("/dashboard");

        await().atMost(Duration.ofSeconds(40)).until(() -> {
            assertThat(StockQuoteCalls.getQuote(port, "ACME", joe).status()).isEqualTo(200);
            return ((Number) browser.script("var b = document.querySelector(arguments[0]);"
                    + " return b && b.sdChart ? b.sdChart.data[1].filter(function (v) { return v > 0; }).length : 0;", CHART))
                    .intValue() > 0;
        });

        assertThat(browser.script("return document.querySelector(arguments[0]).sdChart.axes.map(function (a) { return a.label; });",
                CHART)).isEqualTo(List.of("time", "req/s", "ms"));
        assertThat(browser.script("return document.querySelector(arguments[0]).sdChart.scales.x.time;", CHART)).isEqualTo(true);
        assertThat(((Number) browser.script("var x = document.querySelector(arguments[0]).sdChart.scales.x; return x.max - x.min;",
                CHART)).doubleValue()).as("the time axis spans the ten minutes the page names, even with few points")
                .isEqualTo(600.0);
        assertThat(browser.script("var c = document.querySelector(arguments[0]).sdChart;"
                + " return c.scales.x.max === c.data[0][c.data[0].length - 1];", CHART))
                .as("and ends at the newest point").isEqualTo(true);
        assertThat(browser.findAll(By.cssSelector(CHART + " canvas"))).isNotEmpty();
        assertThat(browser.text(By.cssSelector(CHART + " .u-legend"))).contains("Throughput").contains("req/s")
                .contains("Mean latency").contains("ms");
        assertThat(browser.findAll(By.cssSelector(CHART + " ~ .chart-note"))).isEmpty();
        String origin = console.node().consoleUri().resolve("/").toString();
        assertThat(browser.script("return Array.prototype.map.call(document.querySelectorAll('script[src], link[href]'),"
                + " function (e) { return e.src || e.href; });"))
                .as("the chart library comes from the WAR, not from another site")
                .asList().allSatisfy(src -> assertThat(src.toString()).startsWith(origin))
                .anySatisfy(src -> assertThat(src.toString()).endsWith("/static/vendor/uplot/dist/uPlot.iife.min.js"));
        browser.screenshot("14-dashboard-charts");
    }

    @Test
    void aPortNobodyHasCalledSaysNoCallsYetInsteadOfWaitingForSamples() {
        browser.signIn("root", "root-pw").open("/dashboard");

        assertThat(browser.text(By.cssSelector(CHART + " ~ .chart-note"))).startsWith("No calls yet");
        browser.script("document.getElementById('dashboard-body').removeAttribute('data-refreshed');");
        await().atMost(Duration.ofSeconds(20)).until(() -> browser.script(
                "return document.getElementById('dashboard-body').getAttribute('data-refreshed');") != null);
        assertThat(browser.text(By.cssSelector(CHART + " ~ .chart-note"))).as("still true after a refresh").startsWith("No calls yet");
        assertThat(browser.pageText()).doesNotContain("collecting samples");
    }
}
