package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.NarrowedWsdl;

/**
 * Which operations each instance implements, in the console in headless Chromium against a real
 * node: two stock-quote providers, one registered from its WSDL without {@code buy}.
 */
class InstanceOperationsBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("full", "quotes-only");

    private NarrowedWsdl withoutBuy;
    private String fullId;
    private String quotesOnlyId;

    @BeforeEach
    void fullProviderAndOneRegisteredWithoutBuy() {
        NodeClient root = console.root();
        fullId = root.register(console.providers().get(0).wsdlAddress().toString(), "full", null, null, Map.of())
                .get(0).getInstanceId();
        withoutBuy = NarrowedWsdl.of(console.providers().get(1), "buy");
        quotesOnlyId = root.register(withoutBuy.address().toString(), "quotes-only", null, null, Map.of())
                .get(0).getInstanceId();
        browser.at(console.node().consoleUri()).signIn("root", "root-pw");
    }

    @AfterEach
    void stopServingTheNarrowedWsdl() {
        withoutBuy.close();
    }

    @Test
    void theInstancesPageShowsAllOrTheOperationsAnInstanceImplements() {
        browser.open("/instances");

        assertThat(browser.text(operationsCell(fullId))).isEqualTo("all");
        assertThat(browser.text(operationsCell(quotesOnlyId))).isEqualTo("getQuote, monitorStocks");
        browser.screenshot("17-instance-operations");
    }

    @Test
    void theServicesPageMarksAnInstanceThatImplementsOnlySomeOperations() {
        browser.open("/services");

        assertThat(browser.text(By.cssSelector("ul.served-by li[data-instance='" + quotesOnlyId + "'] .instance-operations")))
                .isEqualTo("only getQuote, monitorStocks");
        assertThat(browser.findAll(By.cssSelector("ul.served-by li[data-instance='" + fullId + "'] .instance-operations")))
                .isEmpty();
    }

    private static By operationsCell(String instanceId) {
        return By.cssSelector("#instance-table tr[data-instance='" + instanceId + "'] td.instance-operations");
    }
}
