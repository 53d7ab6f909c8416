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
import org.servicedomain.home.v1.GetServiceInfoResponse;
import org.servicedomain.testsupport.RunningNode;

/** The console's footer shows the version and build of the node it runs, as the node's home port tells them. */
class ConsoleFooterBrowserTest {

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
    void theDashboardsFooterShowsTheNodesVersionAndBuild() {
        GetServiceInfoResponse told = root.getServiceInfo();

        browser.signIn("root", "root-pw").open("/dashboard");

        assertThat(browser.text(By.id("node-version"))).isEqualTo(told.getNodeVersion() + " (built " + told.getNodeBuild() + ")");
        assertThat(told.getNodeVersion()).isNotBlank();
    }
}
