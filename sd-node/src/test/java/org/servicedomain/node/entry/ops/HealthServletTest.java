package org.servicedomain.node.entry.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.node.core.Readiness;
import org.servicedomain.node.core.ReadinessCheck;

/** {@code /health/ready} over real HTTP turns 503 while a check fails (as a cluster's would) and 200 once it passes. */
class HealthServletTest {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path baseDir;

    private final AtomicReference<String> clusterProblem = new AtomicReference<>("ZooKeeper is not reachable");
    private Tomcat tomcat;
    private URI base;

    @BeforeEach
    void serveHealthWithACheckThatCanFail() throws Exception {
        Readiness readiness = new Readiness();
        readiness.add(Readiness.loaded("catalog", () -> "loaded", "the catalog is not loaded"));
        readiness.add(new ReadinessCheck() {
            @Override
            public String name() {
                return "cluster";
            }

            @Override
            public Optional<String> problem() {
                return Optional.ofNullable(clusterProblem.get());
            }
        });
        tomcat = new Tomcat();
        tomcat.setBaseDir(baseDir.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        Context context = tomcat.addContext("/sd", Files.createDirectories(baseDir.resolve("docbase")).toString());
        Tomcat.addServlet(context, "health", new HealthServlet(readiness));
        context.addServletMappingDecoded(HealthServlet.PATH, "health");
        tomcat.start();
        base = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/sd/health");
    }

    @AfterEach
    void stop() throws Exception {
        tomcat.stop();
        tomcat.destroy();
    }

    @Test
    void readinessIs503WithTheFailingChecksProblemUntilItPasses() throws Exception {
        HttpResponse<String> failing = get("/ready");
        clusterProblem.set(null);
        HttpResponse<String> passing = get("/ready");

        assertThat(failing.statusCode()).isEqualTo(503);
        JsonNode body = JSON.readTree(failing.body());
        assertThat(body.path("status").asText()).isEqualTo("DOWN");
        assertThat(body.path("checks").get(1).path("problem").asText()).isEqualTo("ZooKeeper is not reachable");
        assertThat(body.path("checks").get(0).path("status").asText()).isEqualTo("UP");
        assertThat(passing.statusCode()).isEqualTo(200);
        assertThat(JSON.readTree(passing.body()).path("status").asText()).isEqualTo("UP");
    }

    @Test
    void livenessStays200WhileACheckFails() throws Exception {
        HttpResponse<String> live = get("/live");

        assertThat(live.statusCode()).isEqualTo(200);
        assertThat(live.headers().firstValue("Cache-Control")).hasValue("no-store");
    }

    private HttpResponse<String> get(String path) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }
}
