package org.servicedomain.it.operator;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.NodeProcess;

/**
 * Issue 31, item 7: the built launcher with the console beside it starts without Logback's status
 * report (about thirty lines, printed because {@code logback.xml} was on the console's class path twice).
 */
class QuietStartTest {

    @TempDir
    Path dataDir;

    @Test
    void theLauncherWithItsConsolePrintsNoLogbackStatusLines() throws Exception {
        Path jar = Path.of(System.getProperty("sd.node.standalone.jar"));
        String war = System.getProperty("sd.console.war");
        try (NodeProcess node = NodeProcess.startJar(jar, dataDir, "--console", war)) {
            URI console = node.baseUri().resolve("/sd-admin/");
            int status = HttpClient.newHttpClient().send(HttpRequest.newBuilder(console).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
            assertThat(status).as("the console answers at %s", console).isLessThan(500);

            assertThat(node.output()).as("the launcher's output").isNotEmpty()
                    .noneMatch(line -> line.contains("ch.qos.logback"))
                    .anyMatch(line -> line.contains("admin console: http"));
        }
    }
}
