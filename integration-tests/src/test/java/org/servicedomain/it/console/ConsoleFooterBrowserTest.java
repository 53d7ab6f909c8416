package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.home.v1.GetServiceInfoResponse;

/**
 * The console's footer shows the version and build of the node it runs, as the node's home port tells
 * them, inside the page's layout: aligned with the content and at the bottom of the window on a short page.
 */
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

    @Test
    void theFooterIsAlignedWithThePageAndSitsAtTheBottomOfAShortPage() {
        browser.signIn("root", "root-pw").open("/services");

        String leftOfText = "var r = document.createRange(); r.selectNodeContents(arguments[0]); return r.getBoundingClientRect().left;";
        double footerText = ((Number) browser.script(leftOfText, browser.find(By.cssSelector("footer")))).doubleValue();
        double heading = ((Number) browser.script(leftOfText, browser.find(By.tagName("h1")))).doubleValue();
        assertThat(footerText).as("the footer's text starts where the page's heading does").isEqualTo(heading);
        assertThat(((Number) browser.script("return document.documentElement.scrollHeight <= window.innerHeight ? 1 : 0;")).intValue())
                .as("a short page").isEqualTo(1);
        assertThat(((Number) browser.script("return Math.round(document.querySelector('footer').getBoundingClientRect().bottom);"))
                .longValue()).as("the footer ends at the bottom of the window")
                .isEqualTo(((Number) browser.script("return window.innerHeight;")).longValue());
    }
}
