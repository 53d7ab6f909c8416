package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.MeteredRecords;
import org.servicedomain.testsupport.Resources;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The Bills page in headless Chromium against a real node whose one stock-quote provider is of supplier
 * level ServerGreen, priced by the fees of samples/policies/fees-and-bills.xml (any call 0.01 EUR, gold
 * users 0.0125, answered by a ServerGreen server 0.015): an administrator picks an organisation and a
 * period and sees the lines and total worked out by hand, and downloads the node's CSV and JSON exports
 * of that bill; a refusal shows the node's message and keeps the form; a user cannot open the page.
 */
class BillsBrowserTest {

    /** Yesterday to the day after tomorrow (UTC): the calls of the test, made now, whenever it runs. */
    private static final LocalDate FROM = LocalDate.now(ZoneOffset.UTC).minusDays(1);
    private static final LocalDate TO = FROM.plusDays(3);

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");

    private NodeClient root;

    @BeforeEach
    void acmesTwoUsersGetQuotesFromAServerOfSupplierLevelServerGreen() {
        root = console.root();
        root.setPolicy(Resources.text("policies/fees-and-bills.xml"));
        root.register(console.providers().get(0).wsdlAddress().toString(), "ServerGreen", null, Map.of());
        root.setUser(new NodeClient.UserEntry("bea", "bea-pw", "gold", List.of(), List.of("user")));
        root.setUser(new NodeClient.UserEntry("gus", "gus-pw", "basic", List.of(), List.of("user")));
        quotes("bea", "bea-pw", 3);
        quotes("gus", "gus-pw", 2);
        await().atMost(Duration.ofSeconds(10)).until(() -> MeteredRecords.count(console.dataDir()) == 5);
        browser.at(console.node().consoleUri());
    }

    @Test
    void anAdministratorSeesTheBillOfAnOrganisationWorkedOutByHandAndDownloadsTheNodesExportsOfIt() {
        browser.signIn("root", "root-pw").click(By.id("nav-bills"));
        new Select(browser.find(By.id("bill-subject"))).selectByValue("organisation");
        browser.type(By.id("bill-name"), "acme");
        browser.setValue(By.id("bill-from"), FROM.toString());
        browser.setValue(By.id("bill-to"), TO.toString());
        browser.click(By.id("show-bill"));

        assertThat(browser.text(By.cssSelector("#bill h2"))).isEqualTo("Bill of organisation acme");
        // by hand: bea (gold) 3 x 0.0125 = 0.0375; gus (basic), answered by the ServerGreen server, 2 x 0.015 = 0.030;
        // 0.0675 rounds half-even to 0.07
        assertThat(browser.findAll(By.cssSelector("#bill-lines tr.bill-line"))).extracting(BillsBrowserTest::cells).containsExactly(
                List.of("bea", "StockQuotePortType", "getQuote", "userLevel=gold", "0.0125", "3", "0.0375"),
                List.of("gus", "StockQuotePortType", "getQuote", "supplierLevel=ServerGreen", "0.015", "2", "0.030"));
        assertThat(browser.text(By.id("bill-calls"))).isEqualTo("5");
        assertThat(browser.text(By.id("bill-subtotal"))).isEqualTo("0.0675");
        assertThat(browser.text(By.id("bill-total"))).isEqualTo("0.07");
        assertThat(browser.text(By.id("bill-rounding"))).contains("half-even");
        browser.screenshot("17-bills");

        ConsoleBrowser.Fetched csv = browser.fetch(browser.find(By.id("download-csv")).getAttribute("href"));
        ConsoleBrowser.Fetched json = browser.fetch(browser.find(By.id("download-json")).getAttribute("href"));
        assertThat(csv.status()).isEqualTo(200);
        assertThat(csv.contentType()).startsWith("text/csv");
        assertThat(csv.disposition()).isEqualTo("attachment; filename=\"bill-organisation-acme-" + FROM + "-" + TO + ".csv\"");
        assertThat(csv.body()).isEqualTo(root.bill("acme", true, start(FROM), start(TO), "csv").getExport())
                .endsWith(",total,,5,0.07\r\n");
        assertThat(json.status()).isEqualTo(200);
        assertThat(json.contentType()).startsWith("application/json");
        assertThat(json.disposition()).endsWith(".json\"");
        assertThat(json.body()).isEqualTo(root.bill("acme", true, start(FROM), start(TO), "json").getExport());
    }

    @Test
    void anUnknownOrganisationIsRefusedWithTheNodesMessageAndTheFormKeepsWhatWasAsked() {
        browser.signIn("root", "root-pw").open("/bills?subject=organisation&name=globex&from=" + FROM + "&to=" + TO);

        assertThat(browser.text(By.id("problem"))).contains("unknown organisation 'globex'").contains("[BadRequest]");
        assertThat(new Select(browser.find(By.id("bill-subject"))).getFirstSelectedOption().getAttribute("value"))
                .isEqualTo("organisation");
        assertThat(browser.find(By.id("bill-name")).getAttribute("value")).isEqualTo("globex");
        assertThat(browser.find(By.id("bill-from")).getAttribute("value")).isEqualTo(FROM.toString());
        assertThat(browser.findAll(By.id("bill"))).isEmpty();
        assertThat(browser.findAll(By.cssSelector("#bill-names option"))).extracting(o -> o.getAttribute("value"))
                .as("the names offered: the node's users and the fees' organisations").contains("bea", "gus", "root", "acme");

        root.setPolicy("<policy xmlns=\"urn:sd:policy:1\"/>");
        browser.open("/bills");
        assertThat(browser.text(By.id("no-fees"))).contains("The active policy sets no fees");
    }

    @Test
    void aUserCannotOpenTheBillsPageNorDownloadABill() {
        browser.signIn("gus", "gus-pw");

        assertThat(browser.findAll(By.id("nav-bills"))).isEmpty();
        browser.open("/bills");
        assertThat(browser.text(By.tagName("h1"))).isEqualTo("Not allowed");
        assertThat(browser.fetch(console.node().consoleUri() + "/bills/export?subject=user&name=gus&from=" + FROM + "&to=" + TO
                + "&format=csv").status()).isEqualTo(403);
    }

    /** {@code times} quotes in a new session of {@code user}, each answered. */
    private void quotes(String user, String password, int times) {
        String session = NodeClient.connect(console.node().baseUri()).login(user, password).sessionId();
        for (int i = 0; i < times; i++) {
            assertThat(StockQuoteCalls.getQuote(console.node().virtualPortAddress("StockQuotePortType"), "ACME", session).status())
                    .isEqualTo(200);
        }
    }

    private static List<String> cells(WebElement row) {
        return row.findElements(By.tagName("td")).stream().map(WebElement::getText).toList();
    }

    private static Instant start(LocalDate day) {
        return day.atStartOfDay(ZoneOffset.UTC).toInstant();
    }
}
