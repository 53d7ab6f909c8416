package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.client.NodeClient;
import org.servicedomain.testsupport.DeployedWar;
import org.servicedomain.testsupport.RunningNode;

/**
 * {@code sd-admin.war} deployed alone, as a stock Tomcat deploys it, pointed at a node elsewhere:
 * it logs through its own Logback and, once used and stopped, leaves no thread or ThreadLocal behind
 * (Tomcat's class loader checks both when a context stops, and warns).
 */
class ConsoleWarAloneTest {

    /** Tomcat's logger of what a stopping web application left behind. */
    private static final Logger LEAKS = Logger.getLogger("org.apache.catalina.loader.WebappClassLoaderBase");

    @TempDir
    Path dataDir;

    private final List<String> leakWarnings = new CopyOnWriteArrayList<>();
    private final Handler recorder = new Handler() {
        @Override
        public void publish(LogRecord record) {
            String message = new java.util.logging.SimpleFormatter().formatMessage(record);
            if (record.getLevel().intValue() >= Level.WARNING.intValue()
                    && (message.contains("[sd-admin]") || message.contains("add-opens"))) {
                leakWarnings.add(message);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private RunningNode node;

    @BeforeEach
    void start() {
        LEAKS.addHandler(recorder);
        node = RunningNode.start(dataDir);
        NodeClient.connect(node.baseUri())
                .setUser(new NodeClient.UserEntry("root", "root-pw", "staff", List.of(), List.of("administrator")));
    }

    @AfterEach
    void stop() {
        LEAKS.removeHandler(recorder);
        node.close();
    }

    @Test
    void theConsoleAloneLogsThroughLogbackAndStopsWithoutLeakingThreadsOrThreadLocals() throws Exception {
        try (DeployedWar console = DeployedWar.deploy(Path.of(System.getProperty("sd.console.war")), "/sd-admin",
                Map.of("sd.node.address", node.baseUri().toString()), true)) {
            ClassLoader webapp = console.context().getLoader().getClassLoader();
            Class<?> loggerFactory = webapp.loadClass("org.slf4j.LoggerFactory");
            Object provider = loggerFactory.getMethod("getILoggerFactory").invoke(null);
            assertThat(provider.getClass().getName()).isEqualTo("ch.qos.logback.classic.LoggerContext");
            assertThat(provider.getClass().getClassLoader()).as("Logback from the WAR itself").isSameAs(webapp);

            useTheConsole(console.baseUri());
            console.context().stop();

            assertThat(leakWarnings).as("what Tomcat found left behind").isEmpty();
        }
    }

    /** Signs in and opens the pages that talk to the node, so that the console's clients are set up and used. */
    private static void useTheConsole(URI console) throws Exception {
        HttpClient http = HttpClient.newBuilder().cookieHandler(new java.net.CookieManager())
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        String login = http.send(HttpRequest.newBuilder(URI.create(console + "/login")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        java.util.regex.Matcher token = java.util.regex.Pattern.compile("name=\"csrf\" value=\"([^\"]+)\"").matcher(login);
        assertThat(token.find()).as(login).isTrue();
        HttpResponse<String> dashboard = http.send(HttpRequest.newBuilder(URI.create(console + "/login"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("csrf=" + token.group(1) + "&user=root&password=root-pw")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(dashboard.body()).contains("root (administrator)");
        for (String page : List.of("/instances", "/policy", "/contracts", "/topology")) {
            assertThat(http.send(HttpRequest.newBuilder(URI.create(console + page)).build(),
                    HttpResponse.BodyHandlers.ofString()).statusCode()).as(page).isEqualTo(200);
        }
    }
}
