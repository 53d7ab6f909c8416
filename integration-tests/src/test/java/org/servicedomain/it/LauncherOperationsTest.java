package org.servicedomain.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.NodeVersion;
import org.servicedomain.samples.provider.SampleProvider;
import org.servicedomain.testsupport.NodeProcess;
import org.servicedomain.testsupport.ProviderFleet;
import org.servicedomain.testsupport.Registrations;
import org.servicedomain.testsupport.SoapExchange;
import org.servicedomain.testsupport.SoapReply;
import org.servicedomain.testsupport.StockQuoteCalls;
import org.servicedomain.testsupport.TestKeystore;

/**
 * The standalone launcher as an operator runs it: its version, options from a file and the
 * environment under the command line, its log layouts, access log and log file, and its own HTTPS.
 */
class LauncherOperationsTest {

    private static final String PORT = "StockQuotePortType";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dataDir;

    @TempDir
    Path work;

    private ProviderFleet providers;
    private SampleProvider provider;

    @BeforeEach
    void startProvider() {
        providers = ProviderFleet.stockQuotes("quote-a");
        provider = providers.get(0);
    }

    @AfterEach
    void stopProvider() {
        providers.close();
    }

    @Test
    void versionPrintsTheVersionAndBuildAndExits() throws Exception {
        Process process = new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"),
                "org.servicedomain.node.launcher.NodeLauncher", "--version").redirectErrorStream(true).start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();

        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isZero();
        assertThat(printed).isEqualTo("sd-node " + NodeVersion.current());
        assertThat(NodeVersion.current().version()).isNotEqualTo("unknown");
    }

    @Test
    void theFirstLogLineNamesTheVersionAndEveryLineHasADateAndZone() {
        try (NodeProcess node = NodeProcess.start(dataDir)) {
            List<String> logLines = node.output().stream().filter(l -> l.matches("^\\d{4}-.*")).toList();

            assertThat(logLines).isNotEmpty();
            assertThat(logLines.get(0)).contains("SD node " + NodeVersion.current().version() + " ");
            assertThat(logLines).allMatch(l -> l.matches("^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}(Z|[+-]\\d{2}:\\d{2}) .*"));
        }
    }

    @Test
    void theEnvironmentBeatsTheFileAndTheCommandLineBeatsTheEnvironment() throws Exception {
        Path file = Files.writeString(work.resolve("node.yaml"),
                "log-format: text\naccess-log: false\nmetrics-networks: 10.99.0.0/16\n");
        Map<String, String> environment = Map.of("SD_CONFIG", file.toString(), "SD_LOG_FORMAT", "json",
                "SD_ACCESS_LOG", "false");

        try (NodeProcess node = NodeProcess.start(dataDir, environment, "--access-log")) {
            Registrations.register(node.home(), provider);
            SoapReply reply = StockQuoteCalls.getQuoteWith(portAddress(node.baseUri()), "ACME", Map.of("X-Request-Id", "op-1"));
            int scrape = SoapExchange.get(URI.create(node.baseUri() + "/metrics")).status();

            assertThat(reply.status()).isEqualTo(200);
            assertThat(scrape).as("metrics-networks from the file, no other source").isEqualTo(403);
            await().atMost(Duration.ofSeconds(10)).until(() -> accessLines(node.output()).size() == 1);
            JsonNode access = accessLines(node.output()).get(0);
            assertThat(keyValues(access)).containsEntry("requestId", "op-1").containsEntry("port", PORT)
                    .containsEntry("operation", "getQuote").containsEntry("status", "200").containsKeys("instance", "durationMs");
            assertThat(jsonLines(node.output())).anySatisfy(l -> assertThat(l.path("message").asText()).contains("starting"));
        }
    }

    @Test
    void withoutAConsoleTheLogAndTheAccessLogGoToRollingFilesUnderTheDataDirectory() throws Exception {
        try (NodeProcess node = NodeProcess.start(dataDir, "--log-file", "auto", "--access-log")) {
            Registrations.register(node.home(), provider);
            StockQuoteCalls.getQuoteWith(portAddress(node.baseUri()), "ACME", Map.of("X-Request-Id", "file-1"));
            Path log = dataDir.resolve("logs").resolve("sd-node.log");
            Path accessLog = dataDir.resolve("logs").resolve("access.log");

            assertThat(node.output()).anyMatch(l -> l.contains("log:") && l.contains(log.toString()));
            assertThat(node.output()).noneMatch(l -> l.contains("SD node " + NodeVersion.current() + " starting"));
            assertThat(Files.readString(log)).contains("SD node " + NodeVersion.current() + " starting");
            await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(Files.readString(accessLog))
                    .contains("file-1 " + PORT + " getQuote"));
        }
    }

    @Test
    void theNodesOwnTlsConnectorServesAVirtualPortOverHttps() throws Exception {
        TestKeystore keystore = TestKeystore.generate(work);

        try (NodeProcess node = NodeProcess.start(dataDir, Map.of("SD_TLS_KEYSTORE_PASSWORD", keystore.password()),
                "--tls-keystore", keystore.file().toString())) {
            HttpClient https = HttpClient.newBuilder().sslContext(keystore.trustingOnlyIt())
                    .version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> registered = post(https, URI.create(node.baseUri() + "/services/home"),
                    Registrations.REGISTER_ACTION, Registrations.registerBody(provider));
            HttpResponse<String> quote = post(https, portAddress(node.baseUri()), StockQuoteCalls.GET_QUOTE_ACTION,
                    StockQuoteCalls.getQuoteBody("ACME"));

            assertThat(node.baseUri().getScheme()).isEqualTo("https");
            assertThat(registered.statusCode()).isEqualTo(200);
            assertThat(quote.statusCode()).isEqualTo(200);
            assertThat(quote.body()).contains("getQuoteResponse");
        }
    }

    private static URI portAddress(URI base) {
        return URI.create(base + "/services/ports/" + PORT);
    }

    private static List<JsonNode> jsonLines(List<String> output) {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : output) {
            if (line.startsWith("{")) {
                try {
                    lines.add(JSON.readTree(line));
                } catch (IOException e) {
                    throw new AssertionError("not a JSON log line: " + line, e);
                }
            }
        }
        return lines;
    }

    private static List<JsonNode> accessLines(List<String> output) {
        return jsonLines(output).stream().filter(l -> l.path("loggerName").asText().equals("sd.access")).toList();
    }

    /** The key-value pairs of a line of Logback's JSON layout ({@code kvpList}: one object per pair). */
    private static Map<String, String> keyValues(JsonNode line) {
        Map<String, String> pairs = new java.util.HashMap<>();
        line.path("kvpList").forEach(pair -> pair.fields().forEachRemaining(f -> pairs.put(f.getKey(), f.getValue().asText())));
        return pairs;
    }

    private static HttpResponse<String> post(HttpClient client, URI address, String action, String body) throws Exception {
        return client.send(HttpRequest.newBuilder(address).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "text/xml; charset=UTF-8").header("SOAPAction", action)
                .POST(HttpRequest.BodyPublishers.ofString(SoapExchange.soap11(null, body))).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
