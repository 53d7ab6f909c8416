package org.servicedomain.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.servicedomain.samples.creditcheck.CreditCheckPortType;

/** Runs {@link SamplesMain} as a real JVM process, the way scripts and the demo use it. */
@Timeout(120)
class SamplesMainTest {

    @TempDir
    Path temp;

    private Process launch(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), SamplesMain.class.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(temp.resolve("stderr").toFile()).start();
    }

    @Test
    void badArgumentsPrintTheUsageAndExitWith2() throws Exception {
        Process process = launch("provider", "--service", "weather", "--name", "x", "--port", "0");

        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).isEqualTo(2);
        assertThat(Files.readString(temp.resolve("stderr"))).contains("weather").contains("usage:");
    }

    @Test
    void providerCommandPrintsReadyServesAndStopsOnSigterm() throws Exception {
        Process process = launch("provider", "--service", "creditcheck", "--name", "cli", "--port", "0");
        try {
            BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            String ready = stdout.readLine();

            Matcher matcher = Pattern.compile("READY (http://localhost:\\d+/creditcheck)").matcher(String.valueOf(ready));
            assertThat(matcher.matches()).as("first line: %s", ready).isTrue();
            URI address = URI.create(matcher.group(1));
            String body = new SoapHttp().post11(address, CreditCheckPortType.CHECK_ACTION,
                    "<c:check xmlns:c='" + CreditCheckPortType.NAMESPACE + "'><c:customerId>1</c:customerId></c:check>").body();
            assertThat(Xml.parse(body).text(CreditCheckPortType.NAMESPACE, "provider")).isEqualTo("cli");

            process.destroy();

            assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(temp.resolve("stderr"))).contains("provider cli stopped");
        } finally {
            process.destroyForcibly();
        }
    }
}
