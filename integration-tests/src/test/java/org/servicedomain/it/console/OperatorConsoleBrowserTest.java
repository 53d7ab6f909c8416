package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.home.v1.InstanceInfo;
import org.servicedomain.home.v1.UserInfo;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.RunningNode;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;

/**
 * What a new operator met in the console: faults on the dashboard, readable instance names,
 * confirmation before destructive actions, the last administrator kept, a policy uploaded as a file.
 */
class OperatorConsoleBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a", "quote-b");

    private Path dataDir;

    private RunningNode node;
    private ProviderFleet providers;
    private NodeClient root;

    @BeforeEach
    void startNodeWithConsole() {
        dataDir = console.dataDir();
        node = console.node();
        providers = console.providers();
        root = console.root();
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        browser.at(node.consoleUri());
    }

    @Test
    void theDashboardShowsRefusedRequestsByFaultCode() {
        root.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of());
        root.setPolicy(AdminConsoleBrowserTest.POLICY);
        URI port = node.virtualPortAddress("StockQuotePortType");
        SoapReply refused = StockQuoteCalls.getQuote(port, "ACME");
        StockQuoteCalls.getQuote(port, "ACME");
        StockQuoteCalls.getQuote(port, "ACME");
        String code = refused.faultCode().orElseThrow();

        browser.signIn("root", "root-pw").open("/dashboard");

        String fault = "section.port[data-port='StockQuotePortType'] .fault[data-code='" + code + "'] ";
        assertThat(browser.text(By.cssSelector(fault + ".fault-code"))).isEqualTo(code);
        assertThat(browser.text(By.cssSelector(fault + ".fault-count"))).isEqualTo("3");
        browser.screenshot("11-dashboard-faults");
    }

    @Test
    void instancesShowTheirRegisteredNameOrElseTheirWsdlServiceNameWithTheirHostAndPortBeneath() {
        browser.signIn("root", "root-pw").open("/instances");
        browser.type(By.id("wsdlLocation"), providers.get(0).wsdlAddress().toString());
        browser.type(By.id("name"), "Quotes of Acme Bank");
        browser.click(By.id("register"));
        root.register(providers.get(1).wsdlAddress().toString(), null, null, Map.of());
        String named = instanceOf(providers.get(0).address());
        String unnamed = instanceOf(providers.get(1).address());

        browser.open("/dashboard");
        String namedRow = "section.port tr[data-instance='" + named + "'] ";
        String unnamedRow = "section.port tr[data-instance='" + unnamed + "'] ";
        assertThat(browser.text(By.cssSelector(namedRow + ".instance-name"))).isEqualTo("Quotes of Acme Bank");
        assertThat(browser.text(By.cssSelector(namedRow + ".instance-address"))).isEqualTo(hostPort(providers.get(0).address()));
        assertThat(browser.text(By.cssSelector(unnamedRow + ".instance-name"))).as("the WSDL's service name, not host:port")
                .isEqualTo("StockQuoteService");
        assertThat(browser.text(By.cssSelector(unnamedRow + ".instance-address"))).isEqualTo(hostPort(providers.get(1).address()));
        assertThat(browser.text(By.cssSelector(unnamedRow + ".instance-id"))).endsWith(unnamed);
        browser.screenshot("02b-dashboard-names");
        browser.open("/instances");
        assertThat(browser.text(By.cssSelector("tr[data-instance='" + named + "'] .instance-name"))).isEqualTo("Quotes of Acme Bank");
        assertThat(browser.text(By.cssSelector("tr[data-instance='" + unnamed + "'] .instance-name"))).isEqualTo("StockQuoteService");
        assertThat(root.getServiceInfo().getInstance()).extracting(InstanceInfo::getName)
                .containsExactlyInAnyOrder("Quotes of Acme Bank", "StockQuoteService");
        browser.screenshot("12-instance-names");
    }

    private static String hostPort(URI address) {
        return address.getHost() + ":" + address.getPort();
    }

    @Test
    void unregisterAsksFirstAndDismissingKeepsTheInstance() {
        root.register(providers.get(0).wsdlAddress().toString(), null, null, Map.of());
        String id = instanceOf(providers.get(0).address());
        browser.signIn("root", "root-pw").open("/instances");
        By unregister = By.cssSelector("tr[data-instance='" + id + "'] button.unregister");

        String question = browser.clickConfirming(unregister, false);

        assertThat(question).startsWith("Unregister").contains(id);
        assertThat(root.getServiceInfo().getInstance()).extracting(InstanceInfo::getInstanceId).containsExactly(id);
        browser.clickConfirming(unregister, true);
        assertThat(browser.text(By.id("notice"))).contains("Unregistered " + id);
        assertThat(root.getServiceInfo().getInstance()).isEmpty();
    }

    @Test
    void removingAUserAsksFirstAndTheLastAdministratorIsKept() {
        browser.signIn("root", "root-pw").open("/contracts");

        String question = browser.clickConfirming(By.cssSelector("tr[data-user='root'] button.danger"), true);

        assertThat(question).contains("last administrator");
        assertThat(browser.text(By.id("problem"))).contains("LastAdministrator").contains("root");
        assertThat(root.users()).extracting(UserInfo::getName).contains("root");
        assertThat(browser.clickConfirming(By.cssSelector("tr[data-user='joe'] button.danger"), false)).contains("Remove user joe");
        assertThat(root.users()).extracting(UserInfo::getName).contains("joe");
        browser.clickConfirming(By.cssSelector("tr[data-user='joe'] button.danger"), true);
        assertThat(browser.text(By.id("notice"))).contains("Removed user joe");
        assertThat(root.users()).extracting(UserInfo::getName).containsExactly("root");
        browser.screenshot("13-last-administrator");
    }

    @Test
    void aPolicyUploadedAsAFileIsActivated() throws Exception {
        Path file = dataDir.resolveSibling(dataDir.getFileName() + "-policy.xml");
        Files.writeString(file, AdminConsoleBrowserTest.POLICY);
        root.register(providers.get(0).wsdlAddress().toString(), "Gold", null, Map.of());
        browser.signIn("root", "root-pw").open("/policy");

        browser.chooseFile(By.id("policy-file"), file);
        browser.click(By.id("upload-activate"));

        assertThat(browser.pageText()).contains("Version 1 is active");
        assertThat(root.getPolicy().document()).isEqualTo(AdminConsoleBrowserTest.POLICY);
        Files.delete(file);
    }

    private String instanceOf(URI endpointAddress) {
        return root.getServiceInfo().getInstance().stream().filter(i -> i.getEndpointAddress().equals(endpointAddress.toString()))
                .map(InstanceInfo::getInstanceId).findFirst().orElseThrow();
    }
}
