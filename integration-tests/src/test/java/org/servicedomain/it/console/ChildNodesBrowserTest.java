package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.UserInfo;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * Managing the tree from the top node's console in headless Chromium, against real nodes on
 * loopback: the parent (console beside it) and a child offering a stock-quote provider, each with
 * its own administrator, so the child enforces roles and takes the parent only by its proof.
 */
class ChildNodesBrowserTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @BeforeEach
    void parentWithConsoleAndAChildWithAProvider() {
        tree = new NodeTree(dir);
        providers = ProviderFleet.stockQuotes("quotes-at-child");
        tree.startWithConsole("parent", Path.of(System.getProperty("sd.console.war")));
        tree.start("child");
        NodeClient child = NodeClient.connect(tree.get("child").baseUri());
        child.register(providers.get(0).wsdlAddress().toString(), null, null, null);
        child.setUser(new NodeClient.UserEntry("child-admin", "child-pw", "staff", List.of(), List.of("administrator")));
        NodeClient.connect(tree.get("parent").baseUri())
                .setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        browser.at(tree.get("parent").consoleUri());
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    private void registerChildInLevel(String level) {
        browser.signIn("root", "root-pw");
        browser.click(By.id("nav-topology"));
        browser.type(By.id("child-address"), tree.get("child").homeAddress().toString());
        browser.type(By.id("child-secret"), NodeTree.secretOf("child"));
        browser.type(By.id("child-name"), "child");
        browser.type(By.id("child-level"), level);
        browser.type(By.id("child-timeout"), "5000");
        browser.click(By.id("register-child"));
    }

    @Test
    void anAdministratorRegistersAChildWithALevelSeesItInTheTreeAndRequestsToTheParentAreServedByIt() {
        registerChildInLevel("Platinum");

        assertThat(browser.text(By.id("notice"))).contains("Registered child node child in level Platinum")
                .contains("StockQuotePortType");
        String parentNode = "li[data-node='parent'] ";
        String childNode = parentNode + "ul.children > li[data-node='child'] ";
        assertThat(browser.text(By.cssSelector(childNode + ".node-state"))).isEqualTo("reachable");
        assertThat(browser.text(By.cssSelector(parentNode + "> table[data-port='StockQuotePortType'] tbody tr")))
                .as("the parent's instance standing for the child, in the level it was registered with")
                .contains(tree.get("child").virtualPortAddress("StockQuotePortType").toString()).contains("Platinum");
        assertThat(browser.text(By.cssSelector(childNode + "table[data-port='StockQuotePortType']")))
                .contains(providers.get(0).address().toString());
        browser.screenshot("topology-child-registered");

        SoapReply reply = StockQuoteCalls.getQuote(tree.get("parent").virtualPortAddress("StockQuotePortType"), "ACME");

        assertThat(reply.isSoapFault()).as(reply.text()).isFalse();
        assertThat(StockQuoteCalls.servedBy(reply)).isEqualTo("quotes-at-child");
    }

    @Test
    void theChildsPagesOpenThroughTheParentWithoutASecondSignIn() {
        registerChildInLevel("Gold");

        browser.click(By.cssSelector("li[data-node='child'] a.open-services"));

        assertThat(browser.path()).isEqualTo("/sd-admin/services");
        assertThat(browser.text(By.id("current-node"))).isEqualTo("child");
        assertThat(browser.text(By.cssSelector("section[data-port='StockQuotePortType']")))
                .contains(tree.get("child").virtualPortAddress("StockQuotePortType").toString());
        browser.screenshot("child-services-through-parent");

        browser.click(By.id("nav-policy"));
        assertThat(browser.text(By.id("current-node"))).isEqualTo("child");
        assertThat(browser.find(By.id("document")).getAttribute("value")).contains("urn:sd:policy:1");

        browser.click(By.id("nav-contracts"));
        browser.type(By.id("user-name"), "ann");
        browser.type(By.id("user-password"), "ann-pw");
        browser.type(By.id("user-level"), "gold");
        browser.click(By.id("save-user"));

        assertThat(browser.text(By.id("current-node"))).as("the form's answer stays on the child").isEqualTo("child");
        NodeClient child = NodeClient.connect(tree.get("child").baseUri());
        List<String> childUsers = child.withSession(child.login("child-admin", "child-pw").sessionId()).users().stream()
                .map(UserInfo::getName).toList();
        assertThat(childUsers).contains("ann");
        browser.click(By.cssSelector("#node-crumbs a.crumb"));
        assertThat(browser.findAll(By.id("node-crumbs"))).as("back on the parent").isEmpty();
        assertThat(browser.pageText()).doesNotContain("ann-pw");
    }

    @Test
    void anAdministratorUnregistersAChildFromTheTree() {
        registerChildInLevel("Gold");

        browser.click(By.id("unregister-child"));

        assertThat(browser.text(By.id("notice"))).contains("Unregistered child node child");
        assertThat(browser.findAll(By.cssSelector("li[data-node='child']"))).isEmpty();
        assertThat(browser.findAll(By.cssSelector("li[data-node='parent'] > table tbody tr[data-instance]"))).isEmpty();
    }
}
