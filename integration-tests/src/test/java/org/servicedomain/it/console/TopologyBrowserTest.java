package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.Registration;
import org.servicedomain.testsupport.NodeTree;
import org.servicedomain.testsupport.ProviderFleet;

/**
 * The topology page in headless Chromium against a real two-level tree on loopback: a parent node
 * with the console beside it and an administrator, and a child node registered with it in the
 * administrator's session, offering a stock-quote provider.
 */
class TopologyBrowserTest {

    @TempDir
    Path dir;

    private NodeTree tree;
    private ProviderFleet providers;
    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();
    private NodeClient child;
    private String childAtParent;

    @BeforeEach
    void startTreeWithConsole() throws Exception {
        tree = new NodeTree(dir);
        providers = ProviderFleet.stockQuotes("quote-a", "quote-b");
        tree.startWithConsole("parent", Path.of(System.getProperty("sd.console.war")));
        tree.start("child");
        child = NodeClient.connect(tree.get("child").baseUri());
        child.register(providers.get(0).wsdlAddress().toString(), "Gold", null, Map.of());

        NodeClient parent = NodeClient.connect(tree.get("parent").baseUri());
        parent.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        String session = parent.login("root", "root-pw").sessionId();
        parent.withSession(session).setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        List<Registration> filed = tree.attach("child", "parent", session);
        childAtParent = filed.get(0).getInstanceId();
        browser.at(tree.get("parent").consoleUri());
    }

    @AfterEach
    void stop() {
        tree.close();
        providers.close();
    }

    @Test
    void anAdministratorSeesTheChildNodeWithItsPortAndInstanceAndPollsForAFreshTree() {
        String quoteA = child.getServiceInfo().getInstance().get(0).getInstanceId();
        browser.signIn("root", "root-pw");
        browser.click(By.id("nav-topology"));

        assertThat(browser.path()).isEqualTo("/sd-admin/topology");
        String parentNode = "li[data-node='parent'] ";
        assertThat(browser.text(By.cssSelector(parentNode + ".node-state"))).isEqualTo("reachable");
        assertThat(browser.text(By.cssSelector(parentNode + "> table tr[data-instance='" + childAtParent + "'] td.state")))
                .isEqualTo("operational");
        String childNode = parentNode + "ul.children > li[data-node='child'] ";
        assertThat(browser.text(By.cssSelector(childNode + ".node-state"))).isEqualTo("reachable");
        assertThat(browser.text(By.cssSelector(childNode + "table[data-port='StockQuotePortType'] th.port-name")))
                .isEqualTo("StockQuotePortType");
        assertThat(browser.text(By.cssSelector(childNode + "tr[data-instance='" + quoteA + "']")))
                .contains("operational").contains("Gold");

        String quoteB = child.register(providers.get(1).wsdlAddress().toString(), "Silver", null, Map.of())
                .get(0).getInstanceId();
        browser.open("/topology");
        assertThat(browser.findAll(By.cssSelector(childNode + "tr[data-instance='" + quoteB + "']")))
                .as("the child as it answered the last poll").isEmpty();
        browser.click(By.id("poll"));

        assertThat(browser.text(By.id("notice"))).contains("Polled");
        assertThat(browser.text(By.cssSelector(childNode + "tr[data-instance='" + quoteB + "']")))
                .contains("operational").contains("Silver");
        browser.screenshot("topology");
    }

    @Test
    void theGraphShowsEachNodeWithItsPortsAndInstancesByNameAndTheirHostAndPortBeneath() {
        child.register(providers.get(1).wsdlAddress().toString(), "quotes-silver", "Silver", null, Map.of());
        browser.signIn("root", "root-pw").open("/topology");
        browser.click(By.id("poll"));

        String graph = "svg#topology-graph ";
        assertThat(browser.text(By.cssSelector(graph + "g.graph-node[data-name='parent']"))).contains("reachable");
        assertThat(browser.text(By.cssSelector(graph + "g.graph-node[data-name='child']"))).contains("reachable");
        assertThat(browser.findAll(By.cssSelector(graph + "g.graph-port[data-name='StockQuotePortType']")))
                .as("the port at the parent and at the child").hasSize(2);
        URI silver = providers.get(1).address();
        assertThat(browser.text(By.cssSelector(graph + "g.graph-instance[data-name='quotes-silver'] .graph-name")))
                .isEqualTo("quotes-silver");
        assertThat(browser.text(By.cssSelector(graph + "g.graph-instance[data-name='quotes-silver'] .graph-detail")))
                .contains(silver.getHost() + ":" + silver.getPort()).contains("operational").contains("Silver");
        URI gold = providers.get(0).address();
        assertThat(browser.text(By.cssSelector(graph + "g.graph-instance[data-name='StockQuoteService'] .graph-detail")))
                .as("an instance registered without a name shows its WSDL service's, its host:port beneath")
                .contains(gold.getHost() + ":" + gold.getPort()).contains("Gold");
        assertThat(browser.findAll(By.cssSelector(graph + "g.graph-instance .graph-name"))).extracting(WebElement::getText)
                .noneMatch(name -> name.contains(gold.getHost() + ":" + gold.getPort()));
        assertThat(browser.findAll(By.cssSelector(graph + "path.graph-edge")))
                .as("one edge to every box but the top node's")
                .hasSize(browser.findAll(By.cssSelector(graph + "g.graph-item")).size() - 1);
        assertThat(browser.text(By.cssSelector("li[data-node='child'] tr[data-instance] .instance-name")))
                .as("the details name instances too").isNotBlank();
        browser.screenshot("11-topology-graph");
    }

    @Test
    void aUserWithoutTheAdministratorRoleCannotOpenTheTopologyPage() {
        browser.signIn("joe", "joe-pw");

        browser.open("/topology");

        assertThat(browser.text(By.tagName("h1"))).isEqualTo("Not allowed");
        assertThat(browser.findAll(By.id("nav-topology"))).isEmpty();
        assertThat(browser.pageText()).doesNotContain("StockQuotePortType");
    }
}
