package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The policy page's Validate shows what a candidate would refuse of the last hour's traffic, and
 * Activate asks for confirmation before it activates a policy that would refuse requests served today.
 */
class PolicyImpactBrowserTest {

    private static final String GOLD_ONLY = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels><userLevel name="customer"/><userLevel name="gold"/></serviceLevels>
              <package name="premium" userLevels="gold"><grant virtualPort="StockQuotePortType"/></package>
            </policy>
            """;

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");

    private Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;
    private NodeClient root;

    @BeforeEach
    void nodeWithConsoleAndACustomersTraffic() {
        dataDir = console.dataDir();
        node = console.node();
        providers = console.providers();
        root = console.root();
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        root.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of());
        String joe = root.login("joe", "joe-pw").sessionId();
        for (int i = 0; i < 3; i++) {
            assertThat(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME", joe).status()).isEqualTo(200);
        }
        await().atMost(Duration.ofSeconds(10)).until(() -> MeteredRecords.count(dataDir) == 3);
        browser.at(node.consoleUri());
    }

    @Test
    void validateShowsTheRefusalsAndActivateAsksForConfirmationBeforeRefusingTodaysCallers() {
        long active = root.getPolicy().version();
        browser.signIn("root", "root-pw").open("/policy");
        browser.setValue(By.id("document"), GOLD_ONLY);

        browser.click(By.id("validate"));

        assertThat(browser.text(By.id("impact-newly-refused"))).isEqualTo("3");
        assertThat(browser.text(By.cssSelector("#impact-refusals tr[data-user='joe']"))).contains("customer")
                .contains("NotAuthorized").contains("3");
        browser.screenshot("05b-policy-impact");

        browser.click(By.id("activate"));

        assertThat(browser.text(By.id("problem"))).contains("would refuse 3");
        assertThat(root.getPolicy().version()).as("not activated without confirmation").isEqualTo(active);

        browser.click(By.id("activate-anyway"));

        assertThat(browser.text(By.id("notice"))).contains("Version " + (active + 1) + " is active");
        assertThat(root.getPolicy().version()).isEqualTo(active + 1);
    }
}
