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
    void theLauncherServesTheConsoleAtSdAdminWithHttpOnlySameSiteSessionCookiesAndNoStore() throws Exception {
        try (NodeProcess node = NodeProcess.start(dataDir, "--console", System.getProperty("sd.console.war"))) {
            URI console = URI.create(node.baseUri().toString().replaceFirst("/sd$", "/sd-admin/login"));

            HttpResponse<String> login = HttpClient.newHttpClient().send(HttpRequest.newBuilder(console).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(login.statusCode()).isEqualTo(200);
            assertThat(login.body()).contains("<h1>Sign in</h1>").contains("name=\"csrf\"");
            assertThat(login.headers().firstValue("Set-Cookie")).get().asString()
                    .contains("HttpOnly").contains("SameSite=Strict").contains("Path=/sd-admin");
            assertThat(login.headers().firstValue("Content-Security-Policy")).get().asString().contains("default-src 'self'");
            assertThat(login.headers().firstValue("Cache-Control")).get().asString().contains("no-store");
            assertThat(node.output()).anyMatch(line -> line.contains("admin console: http://localhost:"));
        }
    }

    @Test
    void behindATrustedTlsProxyTheConsoleMarksItsSessionCookieSecure() throws Exception {
        try (NodeProcess node = NodeProcess.start(dataDir, "--console", System.getProperty("sd.console.war"),
                "--trusted-proxies", "127\\.0\\.0\\.1")) {
            HttpResponse<String> viaTls = loginPage(node, "https");
            HttpResponse<String> viaPlainHttp = loginPage(node, "http");

            assertThat(viaTls.headers().firstValue("Set-Cookie")).get().asString().contains("; Secure");
            assertThat(viaPlainHttp.headers().firstValue("Set-Cookie")).get().asString().doesNotContain("Secure");
        }
    }

    @Test
    void aClientCannotClaimTlsWhenNoProxyIsTrusted() throws Exception {
        try (NodeProcess node = NodeProcess.start(dataDir, "--console", System.getProperty("sd.console.war"))) {
            HttpResponse<String> forged = loginPage(node, "https");

            assertThat(forged.headers().firstValue("Set-Cookie")).get().asString().doesNotContain("Secure");
        }
    }

    /** The console's sign-in page, as a proxy that received it over {@code scheme} forwards it. */
    private static HttpResponse<String> loginPage(NodeProcess node, String scheme) throws Exception {
        URI console = URI.create(node.baseUri().toString().replaceFirst("/sd$", "/sd-admin/login"));
        HttpRequest request = HttpRequest.newBuilder(console).header("X-Forwarded-Proto", scheme)
                .header("X-Forwarded-For", "203.0.113.7").build();
        return HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
    }
}
