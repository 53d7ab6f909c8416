package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.home.v1.GetServiceInfoResponse;

/** The console's footer shows the version and build of the node it runs, as the node's home port tells them. */
class ConsoleFooterBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes();

    @BeforeEach
    void openTheConsole() {
        browser.at(console.node().consoleUri());
    }

    @Test
    void everyPagesFooterShowsTheNodesVersionAndBuild() {
        GetServiceInfoResponse told = console.root().getServiceInfo();
        String expected = told.getNodeVersion() + " (built " + told.getNodeBuild() + ")";

        browser.signIn("root", "root-pw").open("/instances");
        assertThat(browser.text(By.id("node-version"))).isEqualTo(expected);
        browser.open("/dashboard");
        assertThat(browser.text(By.id("node-version"))).isEqualTo(expected);
        assertThat(told.getNodeVersion()).isNotBlank();
    }
}
