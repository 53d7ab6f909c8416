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
import org.servicedomain.testsupport.RunningNode;

/** The console's policy page shows the warnings the node notes on a policy it accepts. */
class PolicyWarningsBrowserTest {

    @RegisterExtension
    static final ConsoleBrowser browser = new ConsoleBrowser();

    @TempDir
    Path dataDir;

    private RunningNode node;
    private NodeClient root;

    @BeforeEach
    void startNodeWithConsole() {
        node = RunningNode.startWithConsole(dataDir, Path.of(System.getProperty("sd.console.war")));
        NodeClient anonymous = NodeClient.connect(node.baseUri());
        anonymous.setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
        root = anonymous.withSession(anonymous.login("root", "root-pw").sessionId());
        browser.at(node.consoleUri());
    }

    @AfterEach
    void stop() {
        node.close();
    }

    @Test
    void aPolicyWithTheOldWordFixedOrderIsValidatedAndActivatedWithTheNodesWarningOnThePage() {
        browser.signIn("root", "root-pw").open("/policy");
        browser.setValue(By.id("document"), """
                <policy xmlns="urn:sd:policy:1">
                  <defaults>
                    <selection directive="fixed-order"/>
                  </defaults>
                </policy>
                """);

        browser.click(By.id("validate"));

        assertThat(browser.text(By.id("policy-warnings"))).contains("line 3")
                .contains("directive 'fixed-order' is deprecated; use 'first-available'");
        assertThat(browser.text(By.id("active-version"))).isEqualTo("0");

        browser.click(By.id("activate"));

        assertThat(browser.text(By.id("notice"))).contains("Version 1 is active")
                .contains("'fixed-order' is deprecated");
        assertThat(root.getPolicy().version()).isEqualTo(1);
    }
}
