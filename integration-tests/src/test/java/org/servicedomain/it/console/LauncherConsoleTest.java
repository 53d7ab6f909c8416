package org.servicedomain.it.console;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.NodeProcess;

/** The standalone launcher, as a process, serves the console beside the node. */
class LauncherConsoleTest {

    @TempDir
    Path dataDir;

    @Test
    void theLauncherServesTheConsoleAtSdAdminWithSecureSessionCookies() throws Exception {
        try (NodeProcess node = NodeProcess.start(dataDir, "--console", System.getProperty("sd.console.war"))) {
            URI console = URI.create(node.baseUri().toString().replaceFirst("/sd$", "/sd-admin/login"));

            HttpResponse<String> login = HttpClient.newHttpClient().send(HttpRequest.newBuilder(console).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(login.statusCode()).isEqualTo(200);
            assertThat(login.body()).contains("<h1>Sign in</h1>").contains("name=\"csrf\"");
            assertThat(login.headers().firstValue("Set-Cookie")).get().asString()
                    .contains("HttpOnly").contains("SameSite=Strict").contains("Path=/sd-admin");
            assertThat(login.headers().firstValue("Content-Security-Policy")).get().asString().contains("default-src 'self'");
            assertThat(node.output()).anyMatch(line -> line.contains("admin console: http://localhost:"));
        }
    }
}
