package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;

/**
 * The domain information in the console, in headless Chromium against a real node: an administrator
 * edits it on its form and sees it on the dashboard; a refusal keeps what was typed; a user sees it on
 * the services page but cannot open the form.
 */
class DomainInfoBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @RegisterExtension
    final ConsoleNode console = ConsoleNode.withStockQuotes("quote-a");

    private NodeClient root;

    @BeforeEach
    void nodeWithAUser() {
        root = console.root();
        root.setUser(new NodeClient.UserEntry("joe", "joe-pw", "customer", List.of(), List.of("user")));
        browser.at(console.node().consoleUri());
    }

    @Test
    void anAdministratorEditsTheDomainInformationAndTheDashboardShowsItAsText() {
        browser.signIn("root", "root-pw").open("/dashboard");
        assertThat(browser.text(By.id("no-domain-info"))).contains("No domain information yet");

        browser.click(By.id("edit-domain"));
        browser.type(By.id("domain-description"), "Quotes of <b>every</b> exchange");
        browser.type(By.id("domain-owner"), "ACME Markets");
        browser.type(By.id("domain-terms-url"), "https://acme.example/terms");
        browser.click(By.id("save-domain"));

        assertThat(browser.path()).endsWith("/dashboard");
        assertThat(browser.text(By.id("notice"))).isEqualTo("Domain information saved.");
        assertThat(browser.text(By.id("domain-description-text"))).isEqualTo("Quotes of <b>every</b> exchange");
        assertThat(browser.text(By.id("domain-owner-text"))).isEqualTo("ACME Markets");
        assertThat(browser.find(By.id("domain-terms-link")).getAttribute("href")).isEqualTo("https://acme.example/terms");
        assertThat(root.domainInfo().getChangedBy()).isEqualTo("root");
        browser.screenshot("domain-info-dashboard");
    }

    @Test
    void aRefusedValueIsShownWithTheNodesMessageAndWhatWasTyped() {
        browser.signIn("root", "root-pw").open("/domain");
        browser.type(By.id("domain-description"), "Stock quotes");
        browser.type(By.id("domain-terms-url"), "ftp://acme.example/terms");
        browser.click(By.id("save-domain"));

        assertThat(browser.text(By.id("problem"))).contains("termsUrl must be an absolute http or https URL").contains("[BadRequest]");
        assertThat(browser.find(By.id("domain-terms-url")).getAttribute("value")).isEqualTo("ftp://acme.example/terms");
        assertThat(browser.find(By.id("domain-description")).getAttribute("value")).isEqualTo("Stock quotes");
        assertThat(root.domainInfo().getDescription()).isNull();
    }

    @Test
    void aUserSeesTheDomainInformationOnTheServicesPageButCannotEditIt() {
        root.setDomainInfo(new NodeClient.DomainChange("Stock quotes for customers", null, "ops@acme.example", null, null));
        browser.signIn("joe", "joe-pw").open("/services");

        assertThat(browser.text(By.id("domain-description-text"))).isEqualTo("Stock quotes for customers");
        assertThat(browser.text(By.id("domain-contact-text"))).isEqualTo("ops@acme.example");
        assertThat(browser.findAll(By.id("edit-domain"))).isEmpty();
        browser.open("/domain");
        assertThat(browser.text(By.tagName("h1"))).isEqualTo("Not allowed");
    }
}
