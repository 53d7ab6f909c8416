package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.StaleElementReferenceException;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.InstanceState;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * The admin console in headless Chromium, against a real node in embedded Tomcat with the console
 * beside it (as the launcher serves it) and real stock-quote providers. Each test starts from a
 * fresh node whose user directory holds an administrator, two providers and a user.
 */
class AdminConsoleBrowserTest {

    static final String POLICY = """
            <policy xmlns="urn:sd:policy:1">
              <serviceLevels>
                <userLevel name="customer"/>
                <supplierLevel name="Gold"/>
                <supplierLevel name="Silver"/>
              </serviceLevels>
              <package name="quotes" userLevels="customer">
                <grant virtualPort="StockQuotePortType"/>
              </package>
              <virtualPort name="StockQuotePortType">
                <selection directive="round-robin"/>
              </virtualPort>
            </policy>
            """;

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a", "quote-b", "quote-c");


    private RunningNode node;
    private ProviderFleet providers;
    private NodeClient root;

    @BeforeEach
    void startNodeWithConsole() {
        node = console.node();
        providers = console.providers();
        root = console.root();
        root.setUser(new NodeClient.UserEntry("alice", "alice-pw", "supplier", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("bob", "bob-pw", "supplier", List.of(), List.of("provider")));
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        browser.at(node.consoleUri());
    }

    @Test
    void administratorRegistersTwoProvidersActivatesAPolicyAndSetsOneToStandby() {
        browser.signIn("root", "root-pw").screenshot("01-dashboard-empty");
        assertThat(browser.path()).isEqualTo("/sd-admin/dashboard");

        registerInBrowser(providers.get(0).wsdlAddress().toString(), "Gold");
        registerInBrowser(providers.get(1).wsdlAddress().toString(), "Silver");
        assertThat(browser.findAll(By.cssSelector("#instance-table tbody tr"))).hasSize(2);

        browser.open("/policy");
        browser.setValue(By.id("document"), POLICY);
        browser.click(By.id("activate"));
        assertThat(browser.text(By.id("notice"))).contains("Version 1 is active");
        assertThat(browser.text(By.id("active-version"))).isEqualTo("1");
        browser.screenshot("04-policy");

        String quoteA = instanceOf(providers.get(0).address().toString());
        browser.open("/instances");
        setStateInBrowser(quoteA, "standby");
        assertThat(root.getServiceInfo().getInstance()).filteredOn(i -> i.getInstanceId().equals(quoteA))
                .extracting(InstanceInfo::getState).containsExactly(InstanceState.STANDBY);
        browser.screenshot("03-instances");

        String joe = root.login("joe", "joe-pw").sessionId();
        for (int i = 0; i < 6; i++) {
            assertThat(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME", joe).status()).isEqualTo(200);
        }
        browser.open("/dashboard");
        assertThat(browser.find(By.cssSelector("tr[data-instance='" + quoteA + "'] td.state")).getText()).isEqualTo("standby");
        assertThat(browser.findAll(By.cssSelector("section.port table.instances tbody tr"))).hasSize(2);
        assertThat(browser.find(By.cssSelector("section.port .chart-box canvas"))).isNotNull();

        root.setServiceInfo(quoteA, InstanceState.OPERATIONAL, null, null);
        for (int i = 0; i < 6; i++) {
            assertThat(StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME", joe).status()).isEqualTo(200);
        }
        await().atMost(Duration.ofSeconds(20)).ignoreException(StaleElementReferenceException.class).until(() -> "operational".equals(
                browser.find(By.cssSelector("tr[data-instance='" + quoteA + "'] td.state")).getText()));
        assertThat(browser.path()).as("refreshed without a reload").isEqualTo("/sd-admin/dashboard");
        await().atMost(Duration.ofSeconds(40)).ignoreException(StaleElementReferenceException.class).until(() -> {
            StockQuoteCalls.getQuote(node.virtualPortAddress("StockQuotePortType"), "ACME", joe);
            return ((Number) browser.script("var b = document.querySelector('section.port .chart-box');"
                    + " return b && b.sdChart ? b.sdChart.data[1].filter(function (v) { return v > 0; }).length : 0;"))
                    .intValue() > 0;
        });
        browser.screenshot("02-dashboard");
    }

    @Test
    void aUserLaunchesAnOperationFromTheFormAndSeesTheAnswerAndTheInstanceByName() {
        root.register(providers.get(0).wsdlAddress().toString(), "Quotes of Acme Bank", "Gold", null, Map.of());
        root.register(providers.get(1).wsdlAddress().toString(), "Silver", null, Map.of());
        root.setPolicy(POLICY);

        browser.signIn("joe", "joe-pw");
        assertThat(browser.path()).isEqualTo("/sd-admin/services");
        assertThat(browser.text(By.cssSelector("section.service h2"))).isEqualTo("StockQuotePortType");
        assertThat(browser.findAll(By.cssSelector("section.service ul.served-by .instance-name"))).extracting(WebElement::getText)
                .as("the operational instances by name").containsExactlyInAnyOrder("Quotes of Acme Bank", "StockQuoteService");
        browser.screenshot("06-services");
        browser.click(By.id("launch-StockQuotePortType-getQuote"));
        browser.type(By.id("field-symbol"), "ACME");
        browser.click(By.id("send"));

        assertThat(browser.text(By.id("answer"))).contains("ACME").containsPattern("quote-[ab]");
        boolean quoteA = browser.text(By.id("answer")).contains("quote-a");
        String provider = quoteA ? "quote-a" : "quote-b";
        assertThat(browser.text(By.id("served-by"))).isEqualTo(quoteA ? "Quotes of Acme Bank" : "StockQuoteService");
        assertThat(browser.text(By.id("served-by-id"))).isEqualTo(instanceOf(providers.named(provider).address().toString()));
        browser.screenshot("07-launch");
    }

    @Test
    void aProviderSeesAndChangesOnlyItsOwnInstances() {
        NodeClient bob = NodeClient.connect(node.baseUri());
        bob = bob.withSession(bob.login("bob", "bob-pw").sessionId());
        String bobsInstance = bob.register(providers.get(1).wsdlAddress().toString(), "Silver", null, Map.of())
                .get(0).getInstanceId();

        browser.signIn("alice", "alice-pw");
        assertThat(browser.path()).isEqualTo("/sd-admin/instances");
        registerInBrowser(providers.get(2).wsdlAddress().toString(), "Gold");
        assertThat(browser.findAll(By.cssSelector("#instance-table tbody tr"))).hasSize(1);
        assertThat(browser.pageText()).doesNotContain(bobsInstance);
        browser.screenshot("08-provider-instances");

        String token = browser.find(By.name("csrf")).getAttribute("value");
        long status = browser.post("/instances", "csrf=" + token + "&action=unregister&instanceId=" + bobsInstance);
        assertThat(status).isIn(0L, 302L);
        browser.open("/instances");
        assertThat(browser.text(By.id("problem"))).contains("belongs to another provider").contains("NotAuthorized");
        assertThat(root.getServiceInfo().getInstance()).extracting(InstanceInfo::getInstanceId).contains(bobsInstance);
        assertThat(browser.post("/policy", "csrf=" + token + "&action=activate&document=x")).isEqualTo(403L);
    }

    @Test
    void aUserCannotOpenAdministratorPages() {
        browser.signIn("joe", "joe-pw");

        for (String page : List.of("/dashboard", "/policy", "/contracts", "/instances")) {
            browser.open(page);
            assertThat(browser.text(By.tagName("h1"))).as(page).isEqualTo("Not allowed");
            assertThat(browser.text(By.id("problem"))).contains("joe");
        }
        assertThat(browser.findAll(By.id("nav-dashboard"))).isEmpty();
        browser.screenshot("09-not-allowed");
    }

    @Test
    void aForgedPostWithoutTheTokenIsRefused() {
        String id = root.register(providers.get(0).wsdlAddress().toString(), "Gold", null, Map.of()).get(0).getInstanceId();
        browser.signIn("root", "root-pw");

        long status = browser.post("/instances", "action=unregister&instanceId=" + id);

        assertThat(status).isEqualTo(403L);
        assertThat(browser.post("/instances", "csrf=guessed&action=unregister&instanceId=" + id)).isEqualTo(403L);
        assertThat(root.getServiceInfo().getInstance()).extracting(InstanceInfo::getInstanceId).containsExactly(id);
    }

    @Test
    void anInvalidPolicyIsShownAtItsLineAndNotActivated() {
        browser.signIn("root", "root-pw").open("/policy");
        browser.setValue(By.id("document"), """
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="no-such-directive"/>
                  </defaults>
                </policy>
                """);

        browser.click(By.id("validate"));

        assertThat(browser.text(By.id("problem"))).contains("InvalidPolicy").contains("line 3");
        assertThat(browser.text(By.id("error-line-number"))).isEqualTo("3");
        assertThat(browser.text(By.id("error-line"))).contains("no-such-directive");
        assertThat(browser.findAll(By.cssSelector("#editor .CodeMirror-gutter-wrapper .CodeMirror-linenumber")))
                .as("CodeMirror numbers the lines").extracting(WebElement::getText)
                .containsExactly("1", "2", "3", "4", "5", "6");
        assertThat(browser.findAll(By.cssSelector("#editor .error-line-gutter .CodeMirror-linenumber")))
                .as("the line validation named is marked in the gutter").extracting(WebElement::getText)
                .containsExactly("3");
        assertThat(browser.findAll(By.cssSelector("#editor .error-line-background ~ pre.CodeMirror-line")))
                .extracting(WebElement::getText).singleElement().asString().contains("no-such-directive");
        assertThat(browser.findAll(By.cssSelector("#editor .cm-tag"))).as("XML is highlighted").isNotEmpty();
        assertThat(browser.text(By.id("active-version"))).isEqualTo("0");
        assertThat(root.getPolicy().version()).isZero();
        browser.screenshot("05-policy-invalid");
    }

    @Test
    void administratorDefinesLevelsMapsAndUsersOnTheContractsPage() {
        root.register(providers.get(0).wsdlAddress().toString(), "Gold", null, Map.of());
        root.setPolicy(POLICY);
        browser.signIn("root", "root-pw").open("/contracts");
        browser.type(By.id("level-name"), "platinum");
        browser.click(By.id("add-level"));
        assertThat(browser.text(By.id("notice"))).contains("active as version 2");
        assertThat(browser.text(By.id("levels"))).contains("platinum");
        browser.type(By.id("map-user-level"), "platinum");
        browser.type(By.id("map-supplier-levels"), "Gold");
        browser.click(By.id("add-map"));
        assertThat(browser.text(By.id("notice"))).contains("active as version 3");
        assertThat(browser.text(By.id("service-maps"))).contains("platinum").contains("Gold");
        assertThat(browser.text(By.id("packages"))).contains("quotes").contains("StockQuotePortType");

        browser.type(By.id("user-name"), "ann");
        browser.type(By.id("user-password"), "ann-pw");
        browser.type(By.id("user-level"), "platinum");
        browser.tick(By.id("role-user"));
        browser.click(By.id("save-user"));

        assertThat(browser.text(By.cssSelector("tr[data-user='ann']"))).contains("platinum").contains("user");
        assertThat(root.getPolicy().document()).contains("<userLevel name=\"platinum\"/>");
        browser.screenshot("10-contracts");
    }

    @Test
    void signInWithAWrongPasswordSaysSoAndRenewsNothing() {
        browser.open("/login");
        browser.screenshot("00-sign-in");
        browser.type(By.id("user"), "root");
        browser.type(By.id("password"), "wrong");
        browser.click(By.id("sign-in"));

        assertThat(browser.text(By.id("problem"))).isEqualTo("Wrong user name or password.");
        assertThat(browser.path()).isEqualTo("/sd-admin/login");
    }

    private void registerInBrowser(String wsdl, String supplierLevel) {
        browser.open("/instances");
        browser.type(By.id("wsdlLocation"), wsdl);
        browser.type(By.id("supplierLevel"), supplierLevel);
        browser.click(By.id("register"));
        assertThat(browser.text(By.id("notice"))).startsWith("Registered");
    }

    private void setStateInBrowser(String instanceId, String state) {
        String row = "tr[data-instance='" + instanceId + "'] ";
        new org.openqa.selenium.support.ui.Select(browser.find(By.cssSelector(row + "select.state-select"))).selectByValue(state);
        browser.click(By.cssSelector(row + "button.set-state"));
        assertThat(browser.text(By.id("notice"))).contains("is now " + state);
    }

    private String instanceOf(String endpointAddress) {
        return root.getServiceInfo().getInstance().stream().filter(i -> i.getEndpointAddress().equals(endpointAddress))
                .map(InstanceInfo::getInstanceId).findFirst().orElseThrow();
    }
}
