package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;

/** The policy page in headless Chromium compares two kept policy versions line by line. */
class PolicyVersionsDiffBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");

    @BeforeEach
    void openTheConsole() {
        browser.at(console.node().consoleUri());
    }

    @Test
    void twoKeptVersionsAreComparedLineByLine() {
        console.root().register(console.providers().get(0).wsdlAddress().toString(), "Gold", null, java.util.Map.of());
        console.root().setPolicy(AdminConsoleBrowserTest.POLICY);
        console.root().setPolicy(AdminConsoleBrowserTest.POLICY.replace("round-robin", "least-outstanding")
                .replace("<supplierLevel name=\"Silver\"/>", "<supplierLevel name=\"Silver\"/>\n    <supplierLevel name=\"Bronze\"/>"));
        browser.signIn("root", "root-pw").open("/policy");

        assertThat(browser.find(By.id("diff-from")).getAttribute("value")).isEqualTo("1");
        assertThat(browser.find(By.id("diff-to")).getAttribute("value")).isEqualTo("2");
        browser.click(By.id("compare"));

        assertThat(browser.text(By.cssSelector("#diff h2"))).isEqualTo("Changes from version 1 to version 2");
        assertThat(browser.findAll(By.cssSelector("#diff tr.diff-removed"))).extracting(WebElement::getText)
                .singleElement().asString().contains("round-robin");
        assertThat(browser.findAll(By.cssSelector("#diff tr.diff-added"))).extracting(WebElement::getText)
                .hasSize(2).anySatisfy(t -> assertThat(t).contains("Bronze")).anySatisfy(t -> assertThat(t).contains("least-outstanding"));
        assertThat(browser.findAll(By.cssSelector("#diff tr.diff-same"))).hasSizeGreaterThan(5);
        browser.screenshot("16-policy-diff");
    }
}
