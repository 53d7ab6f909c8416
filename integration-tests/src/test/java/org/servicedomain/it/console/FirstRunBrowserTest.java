package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.servicedomain.client.NodeClient;
import org.servicedomain.client.NodeClientException;
import org.servicedomain.testsupport.RunningNode;

/** A fresh node without users: the sign-in page creates the first administrator, which closes the home port. */
class FirstRunBrowserTest {

    @TempDir
    Path dataDir;

    private RunningNode node;
    private ConsoleBrowser browser;

    @BeforeEach
    void start() {
        node = RunningNode.startWithConsole(dataDir, Path.of(System.getProperty("sd.console.war")));
        browser = new ConsoleBrowser().at(node.consoleUri());
    }

    @AfterEach
    void stop() {
        browser.close();
        node.close();
    }

    @Test
    void theFirstAdministratorIsCreatedOnTheSignInPageAndThenRolesAreEnforced() {
        browser.open("/login");
        browser.screenshot("00-first-run");
        browser.type(By.id("setup-user"), "root");
        browser.type(By.id("setup-password"), "root-pw");
        browser.type(By.id("setup-password-again"), "root-pw");
        browser.click(By.id("create-administrator"));

        assertThat(browser.path()).isEqualTo("/sd-admin/dashboard");
        assertThat(browser.text(By.cssSelector(".who"))).isEqualTo("root (administrator)");
        NodeClient anonymous = NodeClient.connect(node.baseUri());
        assertThatThrownBy(() -> anonymous.setUser(new NodeClient.UserEntry("eve", "pw", "x", List.of(), List.of("administrator"))))
                .isInstanceOfSatisfying(NodeClientException.class, e -> assertThat(e.code()).isEqualTo("NotAuthorized"));
        browser.signOut().open("/login");
        assertThat(browser.findAll(By.id("setup-form"))).isEmpty();
    }

    @Test
    void theFirstRunFormCreatesNoAdministratorWhenTheTwoPasswordsDiffer() {
        browser.open("/login");
        browser.type(By.id("setup-user"), "root");
        browser.type(By.id("setup-password"), "root-pw");
        browser.type(By.id("setup-password-again"), "root-pq");
        browser.find(By.id("create-administrator")).click();

        assertThat(browser.find(By.id("password-mismatch")).isDisplayed()).isTrue();
        assertThat(browser.path()).isEqualTo("/sd-admin/login");
        assertThat(NodeClient.connect(node.baseUri()).users()).isEmpty();

        browser.script("arguments[0].removeAttribute('data-confirm-password');", browser.find(By.id("setup-password-again")));
        browser.click(By.id("create-administrator"));
        assertThat(browser.text(By.id("problem"))).contains("The two passwords differ");
        assertThat(NodeClient.connect(node.baseUri()).users()).as("refused by the console without the page's check too").isEmpty();

        browser.type(By.id("setup-user"), "root");
        browser.type(By.id("setup-password"), "root-pw");
        browser.type(By.id("setup-password-again"), "root-pw");
        browser.click(By.id("create-administrator"));
        assertThat(browser.text(By.cssSelector(".who"))).isEqualTo("root (administrator)");
    }
}
