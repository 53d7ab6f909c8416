package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;

/** The dashboard's port panel undoes registrations: its Remove button, once confirmed, removes the port and its instances. */
class RemovePortBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");

    @Test
    void anAdministratorRemovesAVirtualPortFromItsPanelAfterConfirming() {
        NodeClient root = console.root();
        String port = root.register(console.providers().get(0).wsdlAddress().toString(), null, null, Map.of())
                .get(0).getVirtualPort();
        browser.at(console.node().consoleUri()).signIn("root", "root-pw");
        browser.open("/dashboard");
        By remove = By.cssSelector("section.port[data-port='" + port + "'] button.remove-port");

        String question = browser.clickConfirming(remove, false);
        assertThat(question).contains(port).contains("all its instances");
        assertThat(root.getServiceInfo().getVirtualPort()).hasSize(1);

        browser.clickConfirming(remove, true);

        assertThat(browser.path()).isEqualTo("/sd-admin/dashboard");
        assertThat(browser.text(By.id("notice"))).contains("Removed virtual port " + port).contains("1 instance");
        assertThat(browser.findAll(By.cssSelector("section.port"))).isEmpty();
        assertThat(root.getServiceInfo().getVirtualPort()).isEmpty();
        assertThat(root.getServiceInfo().getInstance()).isEmpty();
        browser.screenshot("port-removed");
    }
}
