package org.servicedomain.it.sdctl;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.testsupport.NodeWithProviders;

/** The executable jar the module builds runs sdctl on its own, quietly: only the result on stdout, one line on stderr when refused. */
class SdctlJarTest {

    @RegisterExtension
    final NodeWithProviders domain = NodeWithProviders.stockQuotes("quote-a");

    @TempDir
    Path config;

    private record Ran(int exitCode, String out, String err) {
    }

    private Ran sdctl(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-jar", System.getProperty("sd.sdctl.jar")));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_CONFIG_HOME", config.toString());
        builder.environment().remove("SDCTL_NODE");
        Process process = builder.start();
        process.getOutputStream().close();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Ran(process.exitValue(), out, err);
    }

    @Test
    void theJarAnswersStatusAsJsonAndAnUnreachableNodeInOneLine() throws Exception {
        domain.registerAll();

        Ran status = sdctl("--node", domain.node().baseUri().toString(), "-o", "json", "status");
        Ran unreachable = sdctl("--node", "http://127.0.0.1:1/sd", "status");

        assertThat(status.exitCode()).as(status.err()).isZero();
        assertThat(status.err()).isEmpty();
        JsonNode json = new ObjectMapper().readTree(status.out());
        assertThat(json.get("instancesByState").get("operational").asInt()).isEqualTo(1);
        assertThat(unreachable.exitCode()).isEqualTo(1);
        assertThat(unreachable.err().lines()).singleElement().asString().startsWith("sdctl: Unreachable:");
    }
}
